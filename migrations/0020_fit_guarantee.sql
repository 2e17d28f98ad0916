CREATE TABLE `order_remakes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_reference` text NOT NULL,
	`line_no` integer NOT NULL,
	`reason` text NOT NULL,
	`covered` integer NOT NULL,
	`cost_cents` integer NOT NULL,
	`actor` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`order_reference`) REFERENCES `orders`(`reference`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_remakes_created` ON `order_remakes` (`created_at`);--> statement-breakpoint
CREATE INDEX `order_remakes_order` ON `order_remakes` (`order_reference`);--> statement-breakpoint
ALTER TABLE `order_lines` ADD `measured_size_source` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `photo_confirmed_at` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `photo_confirmed_by` text;--> statement-breakpoint
-- Back-fill: a line not yet confirmed keeps its own source; a line staff confirmed before this
-- column existed gets the source its first confirmation event recorded (details.oldSizeSource).
UPDATE `order_lines` SET `measured_size_source` = `size_source` WHERE `size_source` IS NOT NULL AND `size_source` != 'staff-confirmed';--> statement-breakpoint
UPDATE `order_lines` SET `measured_size_source` = (
  SELECT json_extract(e.`details`, '$.oldSizeSource') FROM `order_events` e
  WHERE e.`order_reference` = `order_lines`.`order_reference` AND e.`kind` = 'line'
    AND json_extract(e.`details`, '$.lineNo') = `order_lines`.`line_no`
    AND json_extract(e.`details`, '$.oldSizeSource') != 'staff-confirmed'
  ORDER BY e.`created_at`, e.`id` LIMIT 1
) WHERE `size_source` = 'staff-confirmed';
