import type { Migration, MigrationProvider } from 'kysely';
import type { DialectName } from '../dialect.js';
import type { PortableMigration } from './helpers.js';
import { m0001_accounts } from './0001_accounts.js';
import { m0002_catalogue_materials_jobs_finished } from './0002_catalogue_materials_jobs_finished.js';
import { m0003_cart_size_designs } from './0003_cart_size_designs.js';
import { m0004_groups_combinations } from './0004_groups_combinations.js';
import { m0005_material_originals } from './0005_material_originals.js';
import { m0006_finished_listing_index } from './0006_finished_listing_index.js';
import { m0007_finished_tally } from './0007_finished_tally.js';
import { m0008_finished_pending } from './0008_finished_pending.js';
import { m0009_job_progress } from './0009_job_progress.js';
import { m0010_material_names } from './0010_material_names.js';
import { m0011_material_private_names } from './0011_material_private_names.js';
import { m0012_stores } from './0012_stores.js';
import { m0014_price_template } from './0014_price_template.js';
import { m0013_keywords_ban } from './0013_keywords_ban.js';
import { m0015_product_template } from './0015_product_template.js';
import { m0016_watermark } from './0016_watermark.js';
import { m0017_export } from './0017_export.js';
import { m0018_store_connection } from './0018_store_connection.js';
import { m0019_market_templates } from './0019_market_templates.js';
import { m0020_sku_binding } from './0020_sku_binding.js';
import { m0021_publish } from './0021_publish.js';
import { m0022_public_image_use } from './0022_public_image_use.js';
import { m0023_fair_jobs } from './0023_fair_jobs.js';
import { m0024_export_counts } from './0024_export_counts.js';
import { m0025_listing_names } from './0025_listing_names.js';
import { m0026_pricing } from './0026_pricing.js';
import { m0027_listing_stock } from './0027_listing_stock.js';
import { m0028_titles } from './0028_titles.js';
import { m0029_barcodes } from './0029_barcodes.js';
import { m0030_listing_name_marks } from './0030_listing_name_marks.js';
import { m0031_orders } from './0031_orders.js';
import { m0032_recharges } from './0032_recharges.js';
import { m0033_order_indexes } from './0033_order_indexes.js';
import { m0034_bill_indexes } from './0034_bill_indexes.js';
import { m0035_order_production } from './0035_order_production.js';
import { m0036_bill_export } from './0036_bill_export.js';
import { m0037_bill_figures } from './0037_bill_figures.js';
import { m0038_bill_totals } from './0038_bill_totals.js';
import { m0039_notices_favorites } from './0039_notices_favorites.js';
import { m0040_membership } from './0040_membership.js';
import { m0041_inquiry } from './0041_inquiry.js';
import { m0042_market_orders } from './0042_market_orders.js';

/** Every migration, in order (names sort in the order they were written). One set runs on both dialects. */
const migrations: Record<string, PortableMigration> = {
  '0001_accounts': m0001_accounts,
  '0002_catalogue_materials_jobs_finished': m0002_catalogue_materials_jobs_finished,
  '0003_cart_size_designs': m0003_cart_size_designs,
  '0004_groups_combinations': m0004_groups_combinations,
  '0005_material_originals': m0005_material_originals,
  '0006_finished_listing_index': m0006_finished_listing_index,
  '0007_finished_tally': m0007_finished_tally,
  '0008_finished_pending': m0008_finished_pending,
  '0009_job_progress': m0009_job_progress,
  '0010_material_names': m0010_material_names,
  '0011_material_private_names': m0011_material_private_names,
  '0012_stores': m0012_stores,
  '0014_price_template': m0014_price_template,
  '0013_keywords_ban': m0013_keywords_ban,
  '0015_product_template': m0015_product_template,
  '0016_watermark': m0016_watermark,
  '0017_export': m0017_export,
  '0018_store_connection': m0018_store_connection,
  '0019_market_templates': m0019_market_templates,
  '0020_sku_binding': m0020_sku_binding,
  '0021_publish': m0021_publish,
  '0022_public_image_use': m0022_public_image_use,
  '0023_fair_jobs': m0023_fair_jobs,
  '0024_export_counts': m0024_export_counts,
  '0025_listing_names': m0025_listing_names,
  '0026_pricing': m0026_pricing,
  '0027_listing_stock': m0027_listing_stock,
  '0028_titles': m0028_titles,
  '0029_barcodes': m0029_barcodes,
  '0030_listing_name_marks': m0030_listing_name_marks,
  '0031_orders': m0031_orders,
  '0032_recharges': m0032_recharges,
  '0033_order_indexes': m0033_order_indexes,
  '0034_bill_indexes': m0034_bill_indexes,
  '0035_order_production': m0035_order_production,
  '0036_bill_export': m0036_bill_export,
  '0037_bill_figures': m0037_bill_figures,
  '0038_bill_totals': m0038_bill_totals,
  '0039_notices_favorites': m0039_notices_favorites,
  '0040_membership': m0040_membership,
  '0041_inquiry': m0041_inquiry,
  '0042_market_orders': m0042_market_orders,
};

export function migrationProvider(dialect: DialectName): MigrationProvider {
  const built: Record<string, Migration> = {};
  for (const [name, make] of Object.entries(migrations)) built[name] = make(dialect);
  return { getMigrations: () => Promise.resolve(built) };
}
