ALTER TABLE `products` ADD `hidden_at` text;--> statement-breakpoint
-- Products staff added in the catalogue editor or by import (they carry a category) become
-- calculator products under their own id, so a product added and priced by staff can be sold
-- online (the calculator offers the products with a calculator id). The seed's shutters and
-- awnings stay out of the calculator even when an import gave them a category.
UPDATE `products` SET `calculator_id` = `id`
WHERE `calculator_id` IS NULL AND `category` IS NOT NULL
  AND `id` NOT IN ('shutter-basswood', 'shutter-pvc', 'shutter-aluminium-security', 'outdoor-shutter-aluminium',
    'outdoor-shutter-pvc', 'awning-folding-arm', 'awning-drop-arm', 'awning-fixed-canvas')
  AND `id` NOT IN (SELECT `calculator_id` FROM `products` WHERE `calculator_id` IS NOT NULL);
