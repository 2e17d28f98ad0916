CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dedupe_key` text NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`to_name` text,
	`reply_to` text,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` text NOT NULL,
	`claimed_at` text,
	`sent_at` text,
	`provider_message_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_key_unique` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_due` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`request_hash` text NOT NULL,
	`resource_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_reference` text NOT NULL,
	`line_no` integer NOT NULL,
	`product_id` text NOT NULL,
	`product_name` text NOT NULL,
	`width_mm` integer NOT NULL,
	`drop_mm` integer NOT NULL,
	`control_side` text NOT NULL,
	`mount_type` text NOT NULL,
	`colour` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`price_list_version` integer NOT NULL,
	FOREIGN KEY (`order_reference`) REFERENCES `orders`(`reference`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_lines_order_line` ON `order_lines` (`order_reference`,`line_no`);--> statement-breakpoint
CREATE TABLE `orders` (
	`reference` text PRIMARY KEY NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`customer_phone` text,
	`customer_address` text,
	`special_instructions` text,
	`subtotal_cents` integer NOT NULL,
	`vat_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`client_total_cents` integer,
	`quote_id` text,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`payment_provider` text,
	`checkout_id` text,
	`paid_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `orders_created` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_email` ON `orders` (`customer_email`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_checkout` ON `orders` (`checkout_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_reference` text NOT NULL,
	`provider` text NOT NULL,
	`provider_payment_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`raw` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`order_reference`) REFERENCES `orders`(`reference`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_payment_id_unique` ON `payments` (`provider_payment_id`);--> statement-breakpoint
CREATE INDEX `payments_order` ON `payments` (`order_reference`);--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_date` text NOT NULL,
	`valid_until` text NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text,
	`customer_mobile` text,
	`lines` text NOT NULL,
	`total_cents` integer NOT NULL,
	`total_quantity` integer NOT NULL,
	`origin` text NOT NULL,
	`access_key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `quotes_created` ON `quotes` (`created_at`);