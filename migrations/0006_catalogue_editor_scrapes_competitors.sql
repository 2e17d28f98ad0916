CREATE TABLE `competitor_snapshots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`competitor` text NOT NULL,
	`status` text NOT NULL,
	`pages_fetched` integer DEFAULT 0 NOT NULL,
	`products` text NOT NULL,
	`comparisons` text NOT NULL,
	`error` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `competitor_snapshots_at` ON `competitor_snapshots` (`created_at`);--> statement-breakpoint
CREATE TABLE `website_scrapes` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`start_url` text NOT NULL,
	`started_by` text,
	`pages_crawled` integer DEFAULT 0 NOT NULL,
	`pages_queued` integer DEFAULT 0 NOT NULL,
	`products_found` integer DEFAULT 0 NOT NULL,
	`result` text,
	`error` text,
	`started_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `website_scrapes_started` ON `website_scrapes` (`started_at`);--> statement-breakpoint
ALTER TABLE `colours` ADD `fabric` text;--> statement-breakpoint
ALTER TABLE `colours` ADD `pantone` text;--> statement-breakpoint
ALTER TABLE `products` ADD `category` text;--> statement-breakpoint
ALTER TABLE `products` ADD `materials` text;--> statement-breakpoint
ALTER TABLE `products` ADD `price_category` text;--> statement-breakpoint
ALTER TABLE `products` ADD `installation_type` text;--> statement-breakpoint
ALTER TABLE `products` ADD `updated_at` text;