CREATE TABLE `analytics_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`visitor` text,
	`session_id` text,
	`path` text,
	`product_id` text,
	`area` text,
	`value_cents` integer,
	`ref_id` text,
	`data` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_day_kind` ON `analytics_events` (`day`,`kind`);--> statement-breakpoint
CREATE INDEX `analytics_kind_product` ON `analytics_events` (`kind`,`product_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`target` text,
	`details` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `daily_reports` (
	`date` text PRIMARY KEY NOT NULL,
	`figures` text NOT NULL,
	`sent_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tracking_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`tracking_number` text NOT NULL,
	`status` text NOT NULL,
	`status_message` text NOT NULL,
	`current_location` text,
	`estimated_delivery` text,
	`courier_name` text,
	`tracking_history` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tracking_entries_tracking_number_unique` ON `tracking_entries` (`tracking_number`);--> statement-breakpoint
CREATE INDEX `tracking_entries_order` ON `tracking_entries` (`order_id`);--> statement-breakpoint
CREATE INDEX `tracking_entries_updated` ON `tracking_entries` (`updated_at`);