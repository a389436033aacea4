import { graphql } from '../graphql/generated';

export const QKiosk = graphql(`
  query QKiosk {
    kiosk {
      store {
        slug
        name
        city
        uf
      }
    }
  }
`);

export const MActivateKiosk = graphql(`
  mutation MActivateKiosk($code: String!, $previousKey: String) {
    activateKiosk(code: $code, previousKey: $previousKey) {
      key
      store {
        slug
        name
        city
        uf
      }
    }
  }
`);

export const MKioskSignUp = graphql(`
  mutation MKioskSignUp($input: CreateUserInput!) {
    kioskSignUp(input: $input) {
      status
      maskedPhone
      handoffUrl
      resumed
    }
  }
`);

export const QHandoffSignUp = graphql(`
  query QHandoffSignUp($link: String!) {
    handoffSignUp(link: $link) {
      name
      maskedPhone
      store {
        name
        city
        uf
      }
    }
  }
`);

export const MCompleteHandoff = graphql(`
  mutation MCompleteHandoff($link: String!, $password: String!) {
    completeHandoff(link: $link, password: $password) {
      access_token
      refresh_token
    }
  }
`);
