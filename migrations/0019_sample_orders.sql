CREATE TABLE `sample_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_reference` text NOT NULL,
	`address_key` text NOT NULL,
	`email_key` text NOT NULL,
	`day` text NOT NULL,
	`swatch_count` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`order_reference`) REFERENCES `orders`(`reference`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sample_requests_address` ON `sample_requests` (`address_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `sample_requests_email` ON `sample_requests` (`email_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `sample_requests_day` ON `sample_requests` (`day`);--> statement-breakpoint
ALTER TABLE `orders` ADD `kind` text DEFAULT 'order' NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_kind_created` ON `orders` (`kind`,`created_at`);