CREATE TABLE `payment_checkouts` (
	`checkout_id` text PRIMARY KEY NOT NULL,
	`order_reference` text NOT NULL,
	`provider` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`order_reference`) REFERENCES `orders`(`reference`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_checkouts_order` ON `payment_checkouts` (`order_reference`);--> statement-breakpoint
-- Orders already on a checkout keep it as a recorded checkout (written by hand, after generation).
INSERT OR IGNORE INTO `payment_checkouts` (`checkout_id`, `order_reference`, `provider`, `created_at`)
SELECT `checkout_id`, `reference`, `payment_provider`, `created_at` FROM `orders` WHERE `checkout_id` IS NOT NULL AND `payment_provider` IS NOT NULL;
