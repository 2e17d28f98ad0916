ALTER TABLE `products` ADD `hidden_at` text;--> statement-breakpoint
-- Products staff added in the catalogue editor (they carry a category; the seed's do not) become
-- calculator products under their own id, so a product added and priced by staff can be sold
-- online (the calculator offers the products with a calculator id).
UPDATE `products` SET `calculator_id` = `id`
WHERE `calculator_id` IS NULL AND `category` IS NOT NULL
  AND `id` NOT IN (SELECT `calculator_id` FROM `products` WHERE `calculator_id` IS NOT NULL);
