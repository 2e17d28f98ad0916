CREATE TABLE `order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_reference` text NOT NULL,
	`kind` text NOT NULL,
	`status` text,
	`note` text,
	`actor` text NOT NULL,
	`details` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`order_reference`) REFERENCES `orders`(`reference`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_events_order` ON `order_events` (`order_reference`,`created_at`);--> statement-breakpoint
ALTER TABLE `leads` ADD `order_reference` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `manual_price_reason` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `photo_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `fulfilment_status` text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `fulfilment_status_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `source` text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `fulfilment_method` text DEFAULT 'courier' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_method` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `unpaid_production_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `lead_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `customer_phone_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `chat_session_id` text;--> statement-breakpoint
CREATE INDEX `orders_fulfilment_created` ON `orders` (`fulfilment_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_payment_created` ON `orders` (`payment_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_source_created` ON `orders` (`source`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_phone_key` ON `orders` (`customer_phone_key`);--> statement-breakpoint
-- Orders placed before fulfilment was recorded start at 'received', from the day they were placed.
UPDATE `orders` SET `fulfilment_status_at` = `created_at` WHERE `fulfilment_status_at` IS NULL;--> statement-breakpoint
-- The phone's last 9 digits, as worker/shared/contact-normal-form.ts phoneKey() computes them for new orders.
UPDATE `orders` SET `customer_phone_key` = substr(replace(replace(replace(replace(replace(replace(`customer_phone`, ' ', ''), '+', ''), '-', ''), '(', ''), ')', ''), '.', ''), -9) WHERE `customer_phone` IS NOT NULL AND `customer_phone_key` IS NULL;
