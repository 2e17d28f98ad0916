import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const createdAt = () => text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

/** Products under both id spaces: `id` is the server name, `calculator_id` the calculator's. */
export const products = sqliteTable('products', {
  id: text('id').primaryKey(),
  calculatorId: text('calculator_id').unique(),
  name: text('name').notNull(),
  section: text('section').notNull(),
  description: text('description').notNull(),
  colourSetKey: text('colour_set_key').notNull(),
  features: text('features', { mode: 'json' }).$type<string[]>().notNull(),
  suitableFor: text('suitable_for', { mode: 'json' }).$type<string[]>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const colours = sqliteTable(
  'colours',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    setKey: text('set_key').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    hex: text('hex').notNull(),
    material: text('material').notNull(),
    finish: text('finish').notNull(),
    description: text('description').notNull(),
    texture: text('texture').notNull(),
    /** R2 key of the swatch image; null until one is stored (such colours are not offered). */
    swatchKey: text('swatch_key'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('colours_set_slug').on(t.setKey, t.slug)],
);

/** One width x drop grid per product and version; the highest version is the one in force. */
export const priceLists = sqliteTable(
  'price_lists',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: text('product_id').notNull().references(() => products.id),
    version: integer('version').notNull(),
    widthsMm: text('widths_mm', { mode: 'json' }).$type<number[]>().notNull(),
    dropsMm: text('drops_mm', { mode: 'json' }).$type<number[]>().notNull(),
    /** pricesCents[dropIndex][widthIndex], integer cents including 15% VAT. */
    pricesCents: text('prices_cents', { mode: 'json' }).$type<number[][]>().notNull(),
    isSample: integer('is_sample', { mode: 'boolean' }).notNull().default(false),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('price_lists_product_version').on(t.productId, t.version)],
);

export const leads = sqliteTable(
  'leads',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Null only for a lead left in chat with a phone number and no e-mail. */
    email: text('email'),
    phone: text('phone'),
    whatsapp: text('whatsapp'),
    location: text('location'),
    source: text('source').notNull(),
    productInterest: text('product_interest'),
    sessionData: text('session_data', { mode: 'json' }).$type<Record<string, unknown>>(),
    notes: text('notes'),
    followUpStatus: text('follow_up_status').notNull().default('new'),
    popiaConsent: integer('popia_consent', { mode: 'boolean' }).notNull().default(false),
    popiaConsentAt: text('popia_consent_at'),
    createdAt: createdAt(),
    lastContactedAt: text('last_contacted_at'),
  },
  (t) => [index('leads_status_created').on(t.followUpStatus, t.createdAt)],
);

/** Details left in the quick-details dialog before the visualiser or the walk-through. */
export const customerDetails = sqliteTable('customer_details', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  whatsapp: text('whatsapp').notNull(),
  email: text('email').notNull(),
  feature: text('feature'),
  sessionId: text('session_id'),
  ipAddress: text('ip_address'),
  createdAt: createdAt(),
});
