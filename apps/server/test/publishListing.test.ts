import { describe, expect, test } from 'vitest';
import { listingOf, type PublishProduct } from '../src/modules/publish/listing.js';

/**
 * The listing a publish sends (docs/publishing.md): its description is the template's, with the product's title
 * HTML-escaped in place of {title}, so a title with markup or quotes never becomes markup on the marketplace.
 */
const product: PublishProduct = {
  id: 7,
  keyId: 'FP7',
  title: `Tom's <b>Tee</b> & "Co"`,
  thumb: '',
  mainBlobs: ['a', 'b', 'c'],
  skus: [{ variantId: 1, sellerSku: 'FP7-1', color: 'Red', size: 'M', price: 9.9, imageBlob: 'a' }],
};

describe('listingOf', () => {
  test('fills {title} in the template description, escaped', () => {
    const listing = listingOf(product, { description_template: `<p>{title}</p><img src="x" alt='{title}'>` }, (b) => `uri:${b}`, 9);
    expect(listing.description).toBe(
      `<p>Tom&#39;s &lt;b&gt;Tee&lt;/b&gt; &amp; &quot;Co&quot;</p><img src="x" alt='Tom&#39;s &lt;b&gt;Tee&lt;/b&gt; &amp; &quot;Co&quot;'>`,
    );
  });

  test('a template without a description gets the default paragraph of the title', () => {
    expect(listingOf(product, {}, (b) => b, 9).description).toBe('<p>Tom&#39;s &lt;b&gt;Tee&lt;/b&gt; &amp; &quot;Co&quot;</p>');
    expect(listingOf(product, { description_template: '   ' }, (b) => b, 9).description).toBe(
      '<p>Tom&#39;s &lt;b&gt;Tee&lt;/b&gt; &amp; &quot;Co&quot;</p>',
    );
  });

  test('main images are capped at the marketplace maximum and named by the upload', () => {
    const listing = listingOf(product, {}, (b) => `uri:${b}`, 2);
    expect(listing.mainImages).toEqual(['uri:a', 'uri:b']);
    expect(listing.skus[0]).toMatchObject({ sellerSku: 'FP7-1', imageRef: 'uri:a', inventory: 99 });
  });
});
