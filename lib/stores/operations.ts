import { graphql } from '../graphql/generated';

/** What a sign-up link /cadastro-promo/<slug> leads to. */
export const QStoreLink = graphql(`
  query QStoreLink($slug: String!) {
    storeLink(slug: $slug) {
      status
      store {
        slug
        name
        city
        uf
      }
    }
  }
`);
