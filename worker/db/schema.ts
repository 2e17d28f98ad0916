import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { DeliveryEstimate } from '../shared/delivery-dates';

const createdAt = () =>
  text('created_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

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
  /** Catalogue-editor fields (staff spec 3 'Catalog product'); null means derived from the product's kind. */
  category: text('category'),
  materials: text('materials', { mode: 'json' }).$type<string[]>(),
  priceCategory: text('price_category'),
  installationType: text('installation_type'),
  /** Production lead time in South African working days (delivery-dates.ts): the dispatch date a customer is shown. */
  leadTimeWorkingDays: integer('lead_time_working_days').notNull().default(10),
  /** Still the seeded sample value: staff have not set this product's lead time in the catalogue editor. */
  leadTimeIsSample: integer('lead_time_is_sample', { mode: 'boolean' }).notNull().default(true),
  /** When staff last changed the product or its colours in the catalogue editor. */
  updatedAt: text('updated_at'),
  /**
   * When staff took the product off the storefront (null: offered). A hidden product is kept for
   * the orders and quotes that name it; it is never deleted while anything refers to it.
   */
  hiddenAt: text('hidden_at'),
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
    /** Catalogue-editor extras (staff spec 3 'Catalog colour'). */
    fabric: text('fabric'),
    pantone: text('pantone'),
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
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    version: integer('version').notNull(),
    widthsMm: text('widths_mm', { mode: 'json' }).$type<number[]>().notNull(),
    dropsMm: text('drops_mm', { mode: 'json' }).$type<number[]>().notNull(),
    /** pricesCents[dropIndex][widthIndex], integer cents including 15% VAT. */
    pricesCents: text('prices_cents', { mode: 'json' }).$type<number[][]>().notNull(),
    isSample: integer('is_sample', { mode: 'boolean' }).notNull().default(false),
    source: text('source').notNull(),
    /** The staff session that uploaded it (or rolled back to it); null for the seed. */
    createdBy: text('created_by'),
    /** Cells that differ from the version before it (the whole grid for a first version). */
    cellsChanged: integer('cells_changed'),
    /** For a rollback: the version whose grid this one restores. */
    restoredFrom: integer('restored_from'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('price_lists_product_version').on(t.productId, t.version)],
);

/**
 * The priced options of a product priced with options (plantation shutters: louvre size, frame type,
 * panel count; awnings: manual or motorised). Catalogue data staff upload as CSV beside the grid;
 * a line's price is the grid's cell plus the charges of the options chosen (worker/services/product-options.ts).
 * The whole set of a product is replaced in one batch on upload; orders and quotes keep what they chose.
 */
export const productOptions = sqliteTable(
  'product_options',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** One of OPTION_GROUPS (worker/shared/product-options.ts): louvre, frame, panels, operation. */
    optionGroup: text('option_group').notNull(),
    /** What a request names, e.g. '89mm', 'l-frame', '3', 'motorised'. For panels, the panel count. */
    code: text('code').notNull(),
    label: text('label').notNull(),
    /** Integer cents including 15% VAT, per item, or per panel when chargePer is 'panel'. */
    chargeCents: integer('charge_cents').notNull().default(0),
    chargePer: text('charge_per').notNull().default('item'),
    /** The option is possible only for widths in this range (panel counts: each panel's width limits). */
    minWidthMm: integer('min_width_mm'),
    maxWidthMm: integer('max_width_mm'),
    /** Chosen when a request names no option of this group (and the width allows it). */
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    /** Seeded sample figure (DESIGN.md section 6), labelled as the sample grids are. */
    isSample: integer('is_sample', { mode: 'boolean' }).notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The staff session that uploaded it; null for the seed. */
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_options_product_group_code').on(t.productId, t.optionGroup, t.code)],
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
    /** The order staff made from this lead, once they have. */
    orderReference: text('order_reference'),
  },
  (t) => [index('leads_status_created').on(t.followUpStatus, t.createdAt)],
);

/**
 * A lead's notes as a history (who, when, what): each note is a row, never overwritten. The note a
 * lead arrived with is its first row (actor 'lead capture'); notes written before the history existed
 * were moved here by the lead_notes migration (actor 'before history'). leads.notes keeps the latest text.
 */
export const leadNotes = sqliteTable(
  'lead_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    actor: text('actor').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lead_notes_lead').on(t.leadId, t.createdAt)],
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

/** A saved quote (/quote-document): lines re-priced by the server, the customer if known. */
export const quotes = sqliteTable(
  'quotes',
  {
    /** 'CB-' + 6 digits (spec section 9); unique, the server moves on to the next free number. */
    id: text('id').primaryKey(),
    quoteDate: text('quote_date').notNull(),
    validUntil: text('valid_until').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    customerMobile: text('customer_mobile'),
    /** The server-priced lines, as QuoteLineDto[] (worker/shared/orders-api.ts). */
    lines: text('lines', { mode: 'json' }).$type<unknown[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    totalQuantity: integer('total_quantity').notNull(),
    /** 'email' (sent to the customer) or 'internal' (saved for the business). */
    origin: text('origin').notNull(),
    /** Random secret in the quote's link: the 6-digit number alone is guessable, so reads need both. */
    accessKey: text('access_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quotes_created').on(t.createdAt)],
);

/** An order: totals are the server's, never the client's. */
export const orders = sqliteTable(
  'orders',
  {
    /** 'CB-' + 10 random characters: unguessable, so it doubles as the customer's read key. */
    reference: text('reference').primaryKey(),
    customerName: text('customer_name').notNull(),
    /** '' when a staff-recorded order (phone, site visit, walk-in) has no e-mail address: nothing is sent to it. */
    customerEmail: text('customer_email').notNull(),
    /** Required by the calculator's order form; an order paid from a stored quote may lack it. */
    customerPhone: text('customer_phone'),
    customerAddress: text('customer_address'),
    specialInstructions: text('special_instructions'),
    subtotalCents: integer('subtotal_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** What the client claimed the total was; kept for the audit trail, never used. */
    clientTotalCents: integer('client_total_cents'),
    /** The stored quote this order was made from (/quote, /complete-quote), if any. */
    quoteId: text('quote_id'),
    /** pending | paid | failed | cancelled */
    paymentStatus: text('payment_status').notNull().default('pending'),
    paymentProvider: text('payment_provider'),
    /** The provider's checkout id (Yoco checkout, sandbox session); null until checkout starts. */
    checkoutId: text('checkout_id'),
    paidAt: text('paid_at'),
    createdAt: createdAt(),
    /** Where it is in the making (worker/shared/fulfilment.ts FULFILMENT_STATUSES). */
    fulfilmentStatus: text('fulfilment_status').notNull().default('received'),
    /** When fulfilmentStatus last changed (the 'in production past its lead time' alert reads it). */
    fulfilmentStatusAt: text('fulfilment_status_at'),
    /** online | phone | site_visit | walk_in (ORDER_SOURCES): who took the order. */
    source: text('source').notNull().default('online'),
    /** courier | installation (FULFILMENT_METHODS): ends in 'delivered' or 'installed'. */
    fulfilmentMethod: text('fulfilment_method').notNull().default('courier'),
    /** How a staff-recorded order will be paid (STAFF_PAYMENT_METHODS); null for online orders. */
    paymentMethod: text('payment_method'),
    /** Why an unpaid order was let into production (e.g. 'paid on delivery'); null otherwise. */
    unpaidProductionReason: text('unpaid_production_reason'),
    /** The lead this order was made from (/leads 'Create order'), if any. */
    leadId: text('lead_id'),
    /** The phone's last 9 digits ('082 555 0166' and '+27 82 555 0166' alike), for staff search. */
    customerPhoneKey: text('customer_phone_key'),
    /** The chat session the customer ordered from (its photos are under chat/{id}/ in R2), if any. */
    chatSessionId: text('chat_session_id'),
    /** The R2 key of the customer's latest proof of payment (proofs/{reference}/{time}.{ext}), if any. */
    proofKey: text('proof_key'),
    /** When that proof was uploaded. */
    proofUploadedAt: text('proof_uploaded_at'),
    /** The customer's VAT registration number for their tax invoice (checkout, optional). */
    customerVatNumber: text('customer_vat_number'),
    /**
     * The expected dispatch date and delivery window (worker/shared/delivery-dates.ts), fixed when
     * the order is placed and computed again from the day staff confirm the sizes; null on orders
     * placed before dates were stored.
     */
    deliveryEstimate: text('delivery_estimate', { mode: 'json' }).$type<DeliveryEstimate>(),
    /**
     * 'order' or 'samples' (ORDER_KINDS): free colour swatches (storefront spec 'Free samples') are an
     * order of their own kind, total 0 and payment 'not_required', fulfilled and tracked like any order.
     */
    kind: text('kind').notNull().default('order'),
  },
  (t) => [
    index('orders_created').on(t.createdAt),
    index('orders_kind_created').on(t.kind, t.createdAt),
    index('orders_email').on(t.customerEmail),
    uniqueIndex('orders_checkout').on(t.checkoutId),
    index('orders_fulfilment_created').on(t.fulfilmentStatus, t.createdAt),
    index('orders_payment_created').on(t.paymentStatus, t.createdAt),
    index('orders_source_created').on(t.source, t.createdAt),
    index('orders_phone_key').on(t.customerPhoneKey),
    // The staff list's searches (migration 0010, measured by scripts/bench/admin-orders.mjs): part of
    // a name reads this index newest first without visiting each order's row; an e-mail in any case.
    index('orders_created_name').on(t.createdAt, t.customerName),
    index('orders_email_lower').on(sql`lower(${t.customerEmail})`),
  ],
);

export const orderLines = sqliteTable(
  'order_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderReference: text('order_reference')
      .notNull()
      .references(() => orders.reference, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    widthMm: integer('width_mm').notNull(),
    dropMm: integer('drop_mm').notNull(),
    controlSide: text('control_side').notNull(),
    mountType: text('mount_type').notNull(),
    colour: text('colour').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    priceListVersion: integer('price_list_version').notNull(),
    /** Priced from a sample grid (DESIGN.md section 6); recorded when the line is priced. */
    priceIsSample: integer('price_is_sample', { mode: 'boolean' }).notNull().default(false),
    /** Where the size came from (worker/shared/size-sources.ts); null on lines stored before it was recorded. */
    sizeSource: text('size_source'),
    /** Staff priced this line by hand (staff-recorded orders): the reason, shown wherever the price is. */
    manualPriceReason: text('manual_price_reason'),
    /** The R2 key of the photo the size was measured from (windows/...), when it came from a photo scan. */
    photoKey: text('photo_key'),
    /**
     * How the size was first measured (a LINE_SIZE_SOURCES value), kept when staff confirm it and
     * size_source becomes 'staff-confirmed': the fit guarantee (shared/fit-guarantee.ts) reads it.
     */
    measuredSizeSource: text('measured_size_source'),
    /** When and by whom staff confirmed the size from the customer's photo (the fit guarantee); null otherwise. */
    photoConfirmedAt: text('photo_confirmed_at'),
    photoConfirmedBy: text('photo_confirmed_by'),
    /** The options chosen for a shutter or awning with their charges (LineOptionDto[]); null for a blind. */
    options: text('options', { mode: 'json' }).$type<unknown[]>(),
  },
  (t) => [uniqueIndex('order_lines_order_line').on(t.orderReference, t.lineNo)],
);

/**
 * A remake staff recorded against an order line (the fit guarantee's claims and any other remake):
 * why, whether the line was covered when it was claimed (computed from the line, never typed), and
 * what the remake cost the shop. The dashboard reports them over its period.
 */
export const orderRemakes = sqliteTable(
  'order_remakes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderReference: text('order_reference')
      .notNull()
      .references(() => orders.reference, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    reason: text('reason').notNull(),
    covered: integer('covered', { mode: 'boolean' }).notNull(),
    costCents: integer('cost_cents').notNull(),
    actor: text('actor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_remakes_created').on(t.createdAt), index('order_remakes_order').on(t.orderReference)],
);

/**
 * What happened to an order after it was placed, oldest first: each fulfilment step, each size staff
 * confirmed or corrected (old and new size and price), notes. The customer's timeline and the staff
 * audit trail of the order are read from here.
 */
export const orderEvents = sqliteTable(
  'order_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderReference: text('order_reference')
      .notNull()
      .references(() => orders.reference, { onDelete: 'cascade' }),
    /** status | line | note | payment */
    kind: text('kind').notNull(),
    /** For kind 'status': the status moved to. */
    status: text('status'),
    note: text('note'),
    /** staffActor(c), or 'customer' / 'system'. */
    actor: text('actor').notNull(),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order').on(t.orderReference, t.createdAt)],
);

/** A verified payment notification; the provider's id is unique so a repeat changes nothing. */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderReference: text('order_reference')
      .notNull()
      .references(() => orders.reference),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    /** succeeded | failed | cancelled */
    status: text('status').notNull(),
    raw: text('raw', { mode: 'json' }).$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [index('payments_order').on(t.orderReference)],
);

/**
 * Tax invoices and credit notes (VAT Act section 20 and 21), numbered from ONE gap-free sequence:
 * the number is taken as MAX + 1 inside the INSERT that issues the document (services/tax-invoices.ts),
 * so two payments at once cannot share a number or leave a gap. A document is frozen when issued
 * (`document` holds what it says) and never renumbered or changed. No foreign key to the order: the
 * Act's five-year record keeping outlives what the retention schedule keeps of an order.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    number: integer('number').primaryKey(),
    /** invoice | credit_note */
    kind: text('kind').notNull(),
    orderReference: text('order_reference').notNull(),
    /** A credit note's refund (the payment's provider id): one credit note per refund. */
    refundPaymentId: text('refund_payment_id').unique(),
    issuedAt: text('issued_at').notNull(),
    /** The frozen document (TaxDocument in services/tax-invoices.ts). */
    document: text('document', { mode: 'json' }).notNull().$type<unknown>(),
  },
  (t) => [
    // One tax invoice per order, whatever repeats or races.
    uniqueIndex('invoices_one_per_order')
      .on(t.orderReference)
      .where(sql`kind = 'invoice'`),
    index('invoices_order').on(t.orderReference),
  ],
);

/**
 * Every checkout an order's payment was started with. The order row keeps only the latest one, but
 * a real payment on an older checkout must still be recorded, and a notification naming a checkout
 * that is not listed here for its order (and provider) changes nothing.
 */
export const paymentCheckouts = sqliteTable(
  'payment_checkouts',
  {
    checkoutId: text('checkout_id').primaryKey(),
    orderReference: text('order_reference')
      .notNull()
      .references(() => orders.reference, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_checkouts_order').on(t.orderReference)],
);

/** Every e-mail goes through here first; the cron retries until sent (never lost, never twice). */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** What caused it, unique: e.g. 'order-confirmation:CB-...:customer'. A second enqueue is a no-op. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    toName: text('to_name'),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Files sent with the message (a calendar invitation), kept whole like the body; blanked with it. */
    attachments: text('attachments', { mode: 'json' }).$type<{ filename: string; contentType: string; content: string }[]>(),
    /** pending | sending | sent | failed (gave up after the last attempt) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: text('next_attempt_at').notNull(),
    /** Set when a sender claims the row, so two senders never send the same message. */
    claimedAt: text('claimed_at'),
    sentAt: text('sent_at'),
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_due').on(t.status, t.nextAttemptAt)],
);

/** Idempotency-Key of a write: the same key and body answer the first result again. */
export const idempotencyKeys = sqliteTable('idempotency_keys', {
  /** scope + ':' + the client's key */
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  /** The reference of the resource the first request created. */
  resourceId: text('resource_id').notNull(),
  createdAt: createdAt(),
});

/** Who did what on the staff side (DESIGN.md section 7): sign-ins, failed attempts, sign-outs, every change. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** A short, non-reversible id of the staff session (or 'anonymous' for a failed sign-in). */
    actor: text('actor').notNull(),
    /** e.g. 'staff.sign-in', 'staff.sign-in-failed', 'staff.sign-out', 'lead.update', 'tracking.create' */
    action: text('action').notNull(),
    /** What it acted on, e.g. a lead id or tracking number; null for sign-ins. */
    target: text('target'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt)],
);

/** A courier tracking entry kept by staff (staff spec sections 2.6, 3); history appended on every update. */
export const trackingEntries = sqliteTable(
  'tracking_entries',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    trackingNumber: text('tracking_number').notNull().unique(),
    /** pending | in_transit | delivered | failed */
    status: text('status').notNull(),
    statusMessage: text('status_message').notNull(),
    currentLocation: text('current_location'),
    /** Free text such as '2-3 business days'. */
    estimatedDelivery: text('estimated_delivery'),
    courierName: text('courier_name'),
    /** [{status, message, location, timestamp}], oldest first. */
    trackingHistory: text('tracking_history', { mode: 'json' })
      .$type<{ status: string; message: string; location: string | null; timestamp: string }[]>()
      .notNull(),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('tracking_entries_order').on(t.orderId), index('tracking_entries_updated').on(t.updatedAt)],
);

/**
 * What happened on the storefront, for every staff figure and the daily report (nothing made up).
 * `visitor` is a hash of the client with a salt that changes daily, never a raw address.
 */
export const analyticsEvents = sqliteTable(
  'analytics_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** e.g. 'visit', 'page_view', 'chat_session', 'chat_message', 'price_check', 'quote', 'lead', 'order', 'payment' */
    kind: text('kind').notNull(),
    /** The South African calendar day (YYYY-MM-DD, UTC+2) the event belongs to. */
    day: text('day').notNull(),
    visitor: text('visitor'),
    sessionId: text('session_id'),
    path: text('path'),
    productId: text('product_id'),
    /** The area the customer gave (e.g. 'Knysna'), when they gave one. */
    area: text('area'),
    /** Money involved (an order's or payment's total), integer cents incl. VAT. */
    valueCents: integer('value_cents'),
    /** The record it refers to (lead id, order reference), if any. */
    refId: text('ref_id'),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_day_kind').on(t.day, t.kind), index('analytics_kind_product').on(t.kind, t.productId)],
);

/** The daily report, once per date: the row is claimed before the e-mail is queued, in one batch. */
export const dailyReports = sqliteTable('daily_reports', {
  /** YYYY-MM-DD, South African date. */
  date: text('date').primaryKey(),
  figures: text('figures', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  /** 'cron' or the staff session that sent it. */
  sentBy: text('sent_by').notNull(),
  createdAt: createdAt(),
});

/** The outdoor blinds colour range (staff spec 2.8), replaced or merged from a Word document. */
export const outdoorColours = sqliteTable(
  'outdoor_colours',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** '#RRGGBB', upper case. */
    hex: text('hex').notNull(),
    material: text('material').notNull().default('Canvas'),
    finish: text('finish').notNull().default('Matte'),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The uploaded file's name, or 'seed'. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('outdoor_colours_name').on(t.name)],
);

/** Colours extracted from a supplier's screenshot (staff spec 2.4, 3 'Colour extraction'). */
export const colourExtractions = sqliteTable(
  'colour_extractions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productName: text('product_name').notNull(),
    /** roller | venetian | vertical | outdoor */
    category: text('category').notNull(),
    details: text('details'),
    /** [{name, hex, material, share}] */
    colours: text('colours', { mode: 'json' }).$type<{ name: string; hex: string; material: string; share: number }[]>().notNull(),
    /** R2 key of the screenshot. */
    imageKey: text('image_key'),
    extractedAt: createdAt(),
  },
  (t) => [index('colour_extractions_at').on(t.extractedAt)],
);

/** One crawl of MAIN_WEBSITE_URL (staff spec 2.2), stepped by the ScrapeJob Durable Object. */
export const websiteScrapes = sqliteTable(
  'website_scrapes',
  {
    id: text('id').primaryKey(),
    /** running | completed | failed */
    status: text('status').notNull(),
    startUrl: text('start_url').notNull(),
    /** The staff session that started it. */
    startedBy: text('started_by'),
    pagesCrawled: integer('pages_crawled').notNull().default(0),
    pagesQueued: integer('pages_queued').notNull().default(0),
    productsFound: integer('products_found').notNull().default(0),
    /** The scrape result's data (totalProducts, categories, uniqueColors, products[]) once completed. */
    result: text('result', { mode: 'json' }).$type<Record<string, unknown>>(),
    error: text('error'),
    startedAt: text('started_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    finishedAt: text('finished_at'),
  },
  (t) => [index('website_scrapes_started').on(t.startedAt)],
);

/** One competitor-prices analysis: what was fetched from COMPETITOR_URLS and how it compares with ours. */
export const competitorSnapshots = sqliteTable(
  'competitor_snapshots',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The competitor site's origin. */
    competitor: text('competitor').notNull(),
    /** ok | failed (robots.txt refused, unreachable, nothing found) */
    status: text('status').notNull(),
    pagesFetched: integer('pages_fetched').notNull().default(0),
    /** [{name, url, category, priceCents, widthMm?, dropMm?}] */
    products: text('products', { mode: 'json' }).$type<Record<string, unknown>[]>().notNull(),
    /** [{theirs, ourProductId, sizeMm, theirPriceCents, ourPriceCents, differencePercent}] */
    comparisons: text('comparisons', { mode: 'json' }).$type<Record<string, unknown>[]>().notNull(),
    error: text('error'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('competitor_snapshots_at').on(t.createdAt)],
);

/**
 * Site visits kept at the office (staff spec 2.11, 3 'Site visit'). Each field has the office-clock
 * time of its last accepted change (`*_at_ms`), so two devices merge per field: the later change of
 * a field wins and every other field is kept. `deleted_at_ms` is a tombstone: a deleted visit stays
 * as a row so the delete reaches every device, and a later edit does not bring it back.
 */
export const siteVisits = sqliteTable(
  'site_visits',
  {
    /** Made on the phone that first saved it ('visit_...'). */
    id: text('id').primaryKey(),
    clientName: text('client_name').notNull(),
    clientNameAtMs: integer('client_name_at_ms').notNull(),
    address: text('address').notNull(),
    addressAtMs: integer('address_at_ms').notNull(),
    mobile: text('mobile').notNull(),
    mobileAtMs: integer('mobile_at_ms').notNull(),
    measurements: text('measurements').notNull().default(''),
    measurementsAtMs: integer('measurements_at_ms').notNull().default(0),
    blindTypes: text('blind_types', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    blindTypesAtMs: integer('blind_types_at_ms').notNull().default(0),
    notes: text('notes').notNull().default(''),
    notesAtMs: integer('notes_at_ms').notNull().default(0),
    /** YYYY-MM-DD, the consultant's local date. */
    visitDate: text('visit_date').notNull(),
    visitDateAtMs: integer('visit_date_at_ms').notNull(),
    /** pending | quoted | completed */
    status: text('status').notNull().default('pending'),
    statusAtMs: integer('status_at_ms').notNull().default(0),
    createdAtMs: integer('created_at_ms').notNull(),
    updatedAtMs: integer('updated_at_ms').notNull(),
    /** Who last changed it: the staff session id or the site-visit unlock's id (audit_log has the detail). */
    updatedBy: text('updated_by').notNull(),
    deletedAtMs: integer('deleted_at_ms'),
  },
  (t) => [index('site_visits_created').on(t.createdAtMs)],
);

/** Notes of the consultant's '/{name}-workspace', merged and deleted like site visits. */
export const workspaceNotes = sqliteTable(
  'workspace_notes',
  {
    id: text('id').primaryKey(),
    text: text('text').notNull(),
    textAtMs: integer('text_at_ms').notNull(),
    /** When the note was written: its day is the consultant's 'today'. */
    createdAtMs: integer('created_at_ms').notNull(),
    updatedAtMs: integer('updated_at_ms').notNull(),
    updatedBy: text('updated_by').notNull(),
    deletedAtMs: integer('deleted_at_ms'),
  },
  (t) => [index('workspace_notes_created').on(t.createdAtMs)],
);

/**
 * Staff passkeys (WebAuthn credentials) beside the PIN: one row per device or password manager that
 * registered one. Only the public key is kept; the private key never leaves the authenticator.
 */
export const staffPasskeys = sqliteTable('staff_passkeys', {
  /** The credential id, base64url, as the browser reports it. */
  id: text('id').primaryKey(),
  /** The COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  /** The authenticator's signature counter (0 for most passkeys, which do not count). */
  counter: integer('counter').notNull().default(0),
  /** e.g. ['internal', 'hybrid'], as the browser reported them at registration. */
  transports: text('transports', { mode: 'json' }).$type<string[]>().notNull(),
  /** 'singleDevice' or 'multiDevice' (synced through a password manager). */
  deviceType: text('device_type').notNull(),
  backedUp: integer('backed_up', { mode: 'boolean' }).notNull(),
  /** The name staff gave it, e.g. 'Office laptop'. */
  name: text('name').notNull(),
  /** The staff session that registered it, or 'enrolment' for the one-time enrolment code. */
  createdBy: text('created_by').notNull(),
  createdAt: createdAt(),
  lastUsedAt: text('last_used_at'),
});

/**
 * One-time staff enrolment codes already spent (a hash of the code, never the code): the secret
 * STAFF_ENROLMENT_CODE opens one passkey registration, then this row refuses it.
 */
export const staffEnrolmentCodesUsed = sqliteTable('staff_enrolment_codes_used', {
  codeHash: text('code_hash').primaryKey(),
  passkeyId: text('passkey_id').notNull(),
  usedAt: createdAt(),
});

/**
 * A time staff opened for Garden Route site visits: one area, one South African day, one start time,
 * and how many visits it takes (several consultants can be out at once).
 */
export const visitSlots = sqliteTable(
  'visit_slots',
  {
    id: text('id').primaryKey(),
    /** YYYY-MM-DD, a South African date. */
    visitDate: text('visit_date').notNull(),
    /** One of the Garden Route towns (shared/visit-bookings-api.ts). */
    area: text('area').notNull(),
    /** HH:MM, South African time. */
    startTime: text('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    capacity: integer('capacity').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('visit_slots_day_area_time').on(t.visitDate, t.area, t.startTime)],
);

/**
 * A customer's booked site visit. Holding a place is one conditional statement (services/bookings):
 * a slot never holds more 'booked' rows than its capacity, however many customers ask at once.
 */
export const visitBookings = sqliteTable(
  'visit_bookings',
  {
    id: text('id').primaryKey(),
    slotId: text('slot_id')
      .notNull()
      .references(() => visitSlots.id),
    /** booked | cancelled */
    status: text('status').notNull().default('booked'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    area: text('area').notNull(),
    notes: text('notes').notNull().default(''),
    /** The customer's quote (CB-123456) whose sizes the consultant brings, when they gave one. */
    quoteId: text('quote_id'),
    /** Raised on each move, so the calendar replaces its entry (RFC 5545 SEQUENCE). */
    sequence: integer('sequence').notNull().default(0),
    reminderSentAt: text('reminder_sent_at'),
    cancelledAt: text('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('visit_bookings_slot').on(t.slotId, t.status), index('visit_bookings_email').on(t.email)],
);

/**
 * One free-sample request (storefront spec 'Free samples'): the normalised delivery address and
 * e-mail the limits count by, and the South African day the shop-wide cap counts by. The row is
 * written by one guarded INSERT (services/samples) whose order_reference is NULL, refused by NOT
 * NULL, when a limit is already reached, so concurrent requests never pass a limit.
 */
export const sampleRequests = sqliteTable(
  'sample_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderReference: text('order_reference')
      .notNull()
      .references(() => orders.reference, { onDelete: 'cascade' }),
    addressKey: text('address_key').notNull(),
    emailKey: text('email_key').notNull(),
    /** YYYY-MM-DD, the South African day of the request. */
    day: text('day').notNull(),
    swatchCount: integer('swatch_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sample_requests_address').on(t.addressKey, t.createdAt),
    index('sample_requests_email').on(t.emailKey, t.createdAt),
    index('sample_requests_day').on(t.day),
  ],
);
