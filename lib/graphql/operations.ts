import { graphql } from './generated';

/** Everything the completeness gate and the consent modal read (SPEC 3 profileStatus). */
export const ProfileStatusFields = graphql(`
  fragment ProfileStatusFields on ProfileStatus {
    id
    hasBasicProfile
    hasPhoneNumber
    hasConfirmedEmail
    hasPointsPartnerIntegration
    hasAccountType
    showModalConsent
    messageModalConsent
    changePasswordRequired
  }
`);

/**
 * The personal fields the profile form edits; `QMe`, the profile query and the profile update return the same set,
 * so an update refreshes the cached member everywhere.
 */
export const ProfileFields = graphql(`
  fragment ProfileFields on User {
    id
    birthDate
    gender
    career {
      id
      name
      woodWorkRelated
    }
    woodWorkRelated
    acceptEmailComunications
    acceptMessageComunications
    cep
    address
    number
    complement
    district
    state {
      id
      uf
    }
    city {
      id
      name
    }
    profileStatus {
      ...ProfileStatusFields
    }
  }
`);

/** The current member (SPEC 3). Always read from the network: see useCurrentUserQuery. */
export const QMe = graphql(`
  query QMe {
    me {
      ...ProfileFields
      name
      surName
      profileImage
      phoneNumber
      phoneNumberPrefix
      email
      cpf
      chatbotInvoiceUploadEnabled
      subsidiarySlug
      store {
        name
        city
        uf
      }
      accountType
      pointsBalance
    }
  }
`);

export const MUserLogin = graphql(`
  mutation MUserLogin($login: String!, $password: String!, $altcha: String) {
    userLogin(login: $login, password: $password, altcha: $altcha) {
      token
      refresh_token
    }
  }
`);

export const MRefreshToken = graphql(`
  mutation MRefreshToken($refreshToken: String!) {
    refreshToken(refreshToken: $refreshToken) {
      refresh_token
      access_token
      token_type
    }
  }
`);
