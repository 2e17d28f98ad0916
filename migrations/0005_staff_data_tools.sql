CREATE TABLE `colour_extractions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_name` text NOT NULL,
	`category` text NOT NULL,
	`details` text,
	`colours` text NOT NULL,
	`image_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `colour_extractions_at` ON `colour_extractions` (`created_at`);--> statement-breakpoint
CREATE TABLE `outdoor_colours` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`hex` text NOT NULL,
	`material` text DEFAULT 'Canvas' NOT NULL,
	`finish` text DEFAULT 'Matte' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`source` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outdoor_colours_name` ON `outdoor_colours` (`name`);--> statement-breakpoint
ALTER TABLE `price_lists` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `price_lists` ADD `cells_changed` integer;--> statement-breakpoint
ALTER TABLE `price_lists` ADD `restored_from` integer;