-- Tax invoices and credit notes (worker/db/schema.ts `invoices`), and the customer's VAT number on the order.
CREATE TABLE `invoices` (
	`number` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`order_reference` text NOT NULL,
	`refund_payment_id` text,
	`issued_at` text NOT NULL,
	`document` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_refund_payment_id_unique` ON `invoices` (`refund_payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_one_per_order` ON `invoices` (`order_reference`) WHERE kind = 'invoice';--> statement-breakpoint
CREATE INDEX `invoices_order` ON `invoices` (`order_reference`);--> statement-breakpoint
ALTER TABLE `orders` ADD `customer_vat_number` text;