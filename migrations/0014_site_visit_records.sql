CREATE TABLE `site_visits` (
	`id` text PRIMARY KEY NOT NULL,
	`client_name` text NOT NULL,
	`client_name_at_ms` integer NOT NULL,
	`address` text NOT NULL,
	`address_at_ms` integer NOT NULL,
	`mobile` text NOT NULL,
	`mobile_at_ms` integer NOT NULL,
	`measurements` text DEFAULT '' NOT NULL,
	`measurements_at_ms` integer DEFAULT 0 NOT NULL,
	`blind_types` text DEFAULT '[]' NOT NULL,
	`blind_types_at_ms` integer DEFAULT 0 NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`notes_at_ms` integer DEFAULT 0 NOT NULL,
	`visit_date` text NOT NULL,
	`visit_date_at_ms` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`status_at_ms` integer DEFAULT 0 NOT NULL,
	`created_at_ms` integer NOT NULL,
	`updated_at_ms` integer NOT NULL,
	`updated_by` text NOT NULL,
	`deleted_at_ms` integer
);
--> statement-breakpoint
CREATE INDEX `site_visits_created` ON `site_visits` (`created_at_ms`);--> statement-breakpoint
CREATE TABLE `workspace_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`text` text NOT NULL,
	`text_at_ms` integer NOT NULL,
	`created_at_ms` integer NOT NULL,
	`updated_at_ms` integer NOT NULL,
	`updated_by` text NOT NULL,
	`deleted_at_ms` integer
);
--> statement-breakpoint
CREATE INDEX `workspace_notes_created` ON `workspace_notes` (`created_at_ms`);