ALTER TABLE `order_lines` ADD `price_is_sample` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Lines stored before the flag: a line priced from a version of its product's grid that is a sample grid is a sample-priced line.
UPDATE `order_lines` SET `price_is_sample` = 1 WHERE EXISTS (SELECT 1 FROM `price_lists` WHERE `price_lists`.`product_id` = `order_lines`.`product_id` AND `price_lists`.`version` = `order_lines`.`price_list_version` AND `price_lists`.`is_sample` = 1);
