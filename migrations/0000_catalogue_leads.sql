CREATE TABLE `colours` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`set_key` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`hex` text NOT NULL,
	`material` text NOT NULL,
	`finish` text NOT NULL,
	`description` text NOT NULL,
	`texture` text NOT NULL,
	`swatch_key` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `colours_set_slug` ON `colours` (`set_key`,`slug`);--> statement-breakpoint
CREATE TABLE `customer_details` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`whatsapp` text NOT NULL,
	`email` text NOT NULL,
	`feature` text,
	`session_id` text,
	`ip_address` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`whatsapp` text,
	`location` text,
	`source` text NOT NULL,
	`product_interest` text,
	`session_data` text,
	`notes` text,
	`follow_up_status` text DEFAULT 'new' NOT NULL,
	`popia_consent` integer DEFAULT false NOT NULL,
	`popia_consent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_contacted_at` text
);
--> statement-breakpoint
CREATE INDEX `leads_status_created` ON `leads` (`follow_up_status`,`created_at`);--> statement-breakpoint
CREATE TABLE `price_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` text NOT NULL,
	`version` integer NOT NULL,
	`widths_mm` text NOT NULL,
	`drops_mm` text NOT NULL,
	`prices_cents` text NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`source` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_lists_product_version` ON `price_lists` (`product_id`,`version`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`calculator_id` text,
	`name` text NOT NULL,
	`section` text NOT NULL,
	`description` text NOT NULL,
	`colour_set_key` text NOT NULL,
	`features` text NOT NULL,
	`suitable_for` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_calculator_id_unique` ON `products` (`calculator_id`);