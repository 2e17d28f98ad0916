-- The staff orders list's searches with 50,000 orders (scripts/bench/admin-orders.mjs): part of a
-- name is matched on this index, newest first, without reading each order's row; an e-mail address
-- in any case is found by its lower-case form.
CREATE INDEX `orders_created_name` ON `orders` (`created_at`,`customer_name`);--> statement-breakpoint
CREATE INDEX `orders_email_lower` ON `orders` (lower("customer_email"));