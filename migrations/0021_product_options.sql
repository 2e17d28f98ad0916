CREATE TABLE `product_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` text NOT NULL,
	`option_group` text NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`charge_cents` integer DEFAULT 0 NOT NULL,
	`charge_per` text DEFAULT 'item' NOT NULL,
	`min_width_mm` integer,
	`max_width_mm` integer,
	`is_default` integer DEFAULT false NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_options_product_group_code` ON `product_options` (`product_id`,`option_group`,`code`);--> statement-breakpoint
ALTER TABLE `order_lines` ADD `options` text;--> statement-breakpoint
-- Back-fill for a catalogue seeded before options existed: shutters and awnings join the calculator
-- under their own id, with the sample option charges (is_sample = 1) of worker/seed/product-options.ts.
UPDATE `products` SET `calculator_id` = `id` WHERE `calculator_id` IS NULL AND `id` IN ('shutter-basswood', 'shutter-pvc', 'shutter-aluminium-security', 'outdoor-shutter-aluminium', 'outdoor-shutter-pvc', 'awning-folding-arm', 'awning-drop-arm', 'awning-fixed-canvas');
--> statement-breakpoint
INSERT INTO `product_options` (`product_id`, `option_group`, `code`, `label`, `charge_cents`, `charge_per`, `min_width_mm`, `max_width_mm`, `is_default`, `is_sample`, `sort_order`)
SELECT 'shutter-basswood', v.* FROM (VALUES
  ('louvre', '63mm', '63 mm', 0, 'item', NULL, NULL, 0, 1, 0),
  ('louvre', '89mm', '89 mm', 0, 'item', NULL, NULL, 1, 1, 1),
  ('louvre', '114mm', '114 mm', 45000, 'item', NULL, NULL, 0, 1, 2),
  ('frame', 'direct-fix', 'No frame (direct fix)', 0, 'item', NULL, NULL, 0, 1, 3),
  ('frame', 'l-frame', 'L-frame', 65000, 'item', NULL, NULL, 1, 1, 4),
  ('frame', 'z-frame', 'Z-frame', 95000, 'item', NULL, NULL, 0, 1, 5),
  ('panels', '1', '1 panel', 38000, 'panel', 250, 900, 0, 1, 6),
  ('panels', '2', '2 panels', 38000, 'panel', 500, 1800, 1, 1, 7),
  ('panels', '3', '3 panels', 38000, 'panel', 750, 2700, 0, 1, 8),
  ('panels', '4', '4 panels', 38000, 'panel', 1000, 3600, 0, 1, 9),
  ('panels', '5', '5 panels', 38000, 'panel', 1250, 4500, 0, 1, 10),
  ('panels', '6', '6 panels', 38000, 'panel', 1500, 5400, 0, 1, 11)
) AS v WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 'shutter-basswood');
--> statement-breakpoint
INSERT INTO `product_options` (`product_id`, `option_group`, `code`, `label`, `charge_cents`, `charge_per`, `min_width_mm`, `max_width_mm`, `is_default`, `is_sample`, `sort_order`)
SELECT 'shutter-pvc', v.* FROM (VALUES
  ('louvre', '63mm', '63 mm', 0, 'item', NULL, NULL, 0, 1, 0),
  ('louvre', '89mm', '89 mm', 0, 'item', NULL, NULL, 1, 1, 1),
  ('louvre', '114mm', '114 mm', 45000, 'item', NULL, NULL, 0, 1, 2),
  ('frame', 'direct-fix', 'No frame (direct fix)', 0, 'item', NULL, NULL, 0, 1, 3),
  ('frame', 'l-frame', 'L-frame', 65000, 'item', NULL, NULL, 1, 1, 4),
  ('frame', 'z-frame', 'Z-frame', 95000, 'item', NULL, NULL, 0, 1, 5),
  ('panels', '1', '1 panel', 38000, 'panel', 250, 900, 0, 1, 6),
  ('panels', '2', '2 panels', 38000, 'panel', 500, 1800, 1, 1, 7),
  ('panels', '3', '3 panels', 38000, 'panel', 750, 2700, 0, 1, 8),
  ('panels', '4', '4 panels', 38000, 'panel', 1000, 3600, 0, 1, 9),
  ('panels', '5', '5 panels', 38000, 'panel', 1250, 4500, 0, 1, 10),
  ('panels', '6', '6 panels', 38000, 'panel', 1500, 5400, 0, 1, 11)
) AS v WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 'shutter-pvc');
--> statement-breakpoint
INSERT INTO `product_options` (`product_id`, `option_group`, `code`, `label`, `charge_cents`, `charge_per`, `min_width_mm`, `max_width_mm`, `is_default`, `is_sample`, `sort_order`)
SELECT 'shutter-aluminium-security', v.* FROM (VALUES
  ('louvre', '63mm', '63 mm', 0, 'item', NULL, NULL, 0, 1, 0),
  ('louvre', '89mm', '89 mm', 0, 'item', NULL, NULL, 1, 1, 1),
  ('louvre', '114mm', '114 mm', 45000, 'item', NULL, NULL, 0, 1, 2),
  ('frame', 'direct-fix', 'No frame (direct fix)', 0, 'item', NULL, NULL, 0, 1, 3),
  ('frame', 'l-frame', 'L-frame', 65000, 'item', NULL, NULL, 1, 1, 4),
  ('frame', 'z-frame', 'Z-frame', 95000, 'item', NULL, NULL, 0, 1, 5),
  ('panels', '1', '1 panel', 38000, 'panel', 250, 900, 0, 1, 6),
  ('panels', '2', '2 panels', 38000, 'panel', 500, 1800, 1, 1, 7),
  ('panels', '3', '3 panels', 38000, 'panel', 750, 2700, 0, 1, 8),
  ('panels', '4', '4 panels', 38000, 'panel', 1000, 3600, 0, 1, 9),
  ('panels', '5', '5 panels', 38000, 'panel', 1250, 4500, 0, 1, 10),
  ('panels', '6', '6 panels', 38000, 'panel', 1500, 5400, 0, 1, 11)
) AS v WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 'shutter-aluminium-security');
--> statement-breakpoint
INSERT INTO `product_options` (`product_id`, `option_group`, `code`, `label`, `charge_cents`, `charge_per`, `min_width_mm`, `max_width_mm`, `is_default`, `is_sample`, `sort_order`)
SELECT 'outdoor-shutter-aluminium', v.* FROM (VALUES
  ('louvre', '63mm', '63 mm', 0, 'item', NULL, NULL, 0, 1, 0),
  ('louvre', '89mm', '89 mm', 0, 'item', NULL, NULL, 1, 1, 1),
  ('louvre', '114mm', '114 mm', 45000, 'item', NULL, NULL, 0, 1, 2),
  ('frame', 'direct-fix', 'No frame (direct fix)', 0, 'item', NULL, NULL, 0, 1, 3),
  ('frame', 'l-frame', 'L-frame', 65000, 'item', NULL, NULL, 1, 1, 4),
  ('frame', 'z-frame', 'Z-frame', 95000, 'item', NULL, NULL, 0, 1, 5),
  ('panels', '1', '1 panel', 38000, 'panel', 250, 900, 0, 1, 6),
  ('panels', '2', '2 panels', 38000, 'panel', 500, 1800, 1, 1, 7),
  ('panels', '3', '3 panels', 38000, 'panel', 750, 2700, 0, 1, 8),
  ('panels', '4', '4 panels', 38000, 'panel', 1000, 3600, 0, 1, 9),
  ('panels', '5', '5 panels', 38000, 'panel', 1250, 4500, 0, 1, 10),
  ('panels', '6', '6 panels', 38000, 'panel', 1500, 5400, 0, 1, 11)
) AS v WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 'outdoor-shutter-aluminium');
--> statement-breakpoint
INSERT INTO `product_options` (`product_id`, `option_group`, `code`, `label`, `charge_cents`, `charge_per`, `min_width_mm`, `max_width_mm`, `is_default`, `is_sample`, `sort_order`)
SELECT 'outdoor-shutter-pvc', v.* FROM (VALUES
  ('louvre', '63mm', '63 mm', 0, 'item', NULL, NULL, 0, 1, 0),
  ('louvre', '89mm', '89 mm', 0, 'item', NULL, NULL, 1, 1, 1),
  ('louvre', '114mm', '114 mm', 45000, 'item', NULL, NULL, 0, 1, 2),
  ('frame', 'direct-fix', 'No frame (direct fix)', 0, 'item', NULL, NULL, 0, 1, 3),
  ('frame', 'l-frame', 'L-frame', 65000, 'item', NULL, NULL, 1, 1, 4),
  ('frame', 'z-frame', 'Z-frame', 95000, 'item', NULL, NULL, 0, 1, 5),
  ('panels', '1', '1 panel', 38000, 'panel', 250, 900, 0, 1, 6),
  ('panels', '2', '2 panels', 38000, 'panel', 500, 1800, 1, 1, 7),
  ('panels', '3', '3 panels', 38000, 'panel', 750, 2700, 0, 1, 8),
  ('panels', '4', '4 panels', 38000, 'panel', 1000, 3600, 0, 1, 9),
  ('panels', '5', '5 panels', 38000, 'panel', 1250, 4500, 0, 1, 10),
  ('panels', '6', '6 panels', 38000, 'panel', 1500, 5400, 0, 1, 11)
) AS v WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 'outdoor-shutter-pvc');
--> statement-breakpoint
INSERT INTO `product_options` (`product_id`, `option_group`, `code`, `label`, `charge_cents`, `charge_per`, `min_width_mm`, `max_width_mm`, `is_default`, `is_sample`, `sort_order`)
SELECT 'awning-folding-arm', v.* FROM (VALUES
  ('operation', 'manual', 'Manual (crank handle)', 0, 'item', NULL, NULL, 1, 1, 0),
  ('operation', 'motorised', 'Motorised (remote control)', 650000, 'item', NULL, NULL, 0, 1, 1)
) AS v WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 'awning-folding-arm');
--> statement-breakpoint
INSERT INTO `product_options` (`product_id`, `option_group`, `code`, `label`, `charge_cents`, `charge_per`, `min_width_mm`, `max_width_mm`, `is_default`, `is_sample`, `sort_order`)
SELECT 'awning-drop-arm', v.* FROM (VALUES
  ('operation', 'manual', 'Manual (crank handle)', 0, 'item', NULL, NULL, 1, 1, 0),
  ('operation', 'motorised', 'Motorised (remote control)', 650000, 'item', NULL, NULL, 0, 1, 1)
) AS v WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 'awning-drop-arm');
