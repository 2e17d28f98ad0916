#!/usr/bin/env node
// Smoke test of the MCP endpoint with the SDK's own client, against a running site:
//   npm start                      # in another terminal
//   node scripts/mcp-smoke.mjs [url] [product_id width_mm drop_mm]
// The URL comes from the first argument or MCP_URL, default http://localhost:8787/mcp. It lists the
// tools, lists the products, prices a blind and prints each answer; it exits 1 when any step fails.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const args = process.argv.slice(2);
const url = /^https?:\/\//.test(args[0] ?? '') ? args.shift() : (process.env.MCP_URL ?? 'http://localhost:8787/mcp');
const [productArg, widthArg, dropArg] = args;

const client = new Client({ name: 'mcp-smoke', version: '1.0.0' });
try {
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const server = client.getServerVersion();
  console.log(`Connected to ${url}: ${server?.name} ${server?.version}`);

  const { tools } = await client.listTools();
  console.log(`\nTools (${tools.length}):`);
  for (const tool of tools) console.log(`- ${tool.name}: ${tool.description}`);

  const products = await client.callTool({ name: 'list_products', arguments: {} });
  if (products.isError) throw new Error(`list_products: ${products.content[0]?.text}`);
  console.log(`\nlist_products:\n${products.content[0]?.text}`);

  const first = products.structuredContent.products.find((p) => p.from_price_zar !== null);
  const productId = productArg ?? first?.id;
  if (!productId) throw new Error('The catalogue has no priced product.');
  const width = Number(widthArg ?? 1200);
  const drop = Number(dropArg ?? 1500);
  const price = await client.callTool({
    name: 'price_blind',
    arguments: { product_id: productId, width_mm: width, drop_mm: drop, quantity: 1 },
  });
  if (price.isError) throw new Error(`price_blind: ${price.content[0]?.text}`);
  console.log(`\nprice_blind ${productId} ${width} x ${drop} mm:\n${price.content[0]?.text}`);
  console.log(JSON.stringify(price.structuredContent, null, 2));

  const tooBig = await client.callTool({ name: 'price_blind', arguments: { product_id: productId, width_mm: 3500, drop_mm: drop } });
  console.log(`\nprice_blind ${productId} 3500 x ${drop} mm:\n${tooBig.content[0]?.text}`);
  await client.close();
} catch (err) {
  console.error(`MCP smoke test against ${url} failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
  await client.close().catch(() => {});
}
