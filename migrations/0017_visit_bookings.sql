CREATE TABLE `visit_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`slot_id` text NOT NULL,
	`status` text DEFAULT 'booked' NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`address` text NOT NULL,
	`area` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`quote_id` text,
	`sequence` integer DEFAULT 0 NOT NULL,
	`reminder_sent_at` text,
	`cancelled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `visit_slots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `visit_bookings_slot` ON `visit_bookings` (`slot_id`,`status`);--> statement-breakpoint
CREATE INDEX `visit_bookings_email` ON `visit_bookings` (`email`);--> statement-breakpoint
CREATE TABLE `visit_slots` (
	`id` text PRIMARY KEY NOT NULL,
	`visit_date` text NOT NULL,
	`area` text NOT NULL,
	`start_time` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`capacity` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `visit_slots_day_area_time` ON `visit_slots` (`visit_date`,`area`,`start_time`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attachments` text;