import { graphql } from './generated';

export const WoodworkSurveyFields = graphql(`
  fragment WoodworkSurveyFields on WoodworkSurvey {
    id
    employeesAmount
    customerType
    bedroomProjectGrade
    kitchenProjectGrade
    bathroomProjectGrade
    laundryProjectGrade
    livingRoomProjectGrade
    otherProjectTypes
    equipments {
      id
      name
    }
    otherEquipments
  }
`);

export const UserWoodWorkFields = graphql(`
  fragment UserWoodWorkFields on UserWoodWork {
    id
    cnpj
    cnpjUpdatedAt
    cnpjChangeAllowedFrom
    corporateName
    fantasyName
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
    siteUrl
    instagramUrl
    facebookUrl
  }
`);

/** The member's fields the profile screens edit; mutations return the same fragments so Apollo's cache updates QMe too. */
export const QProfile = graphql(`
  query QProfile {
    me {
      ...ProfileFields
      name
      surName
      store {
        name
        city
        uf
      }
      profileImage
      phoneNumber
      email
      pendingEmail
      cpf
      userWoodWork {
        ...UserWoodWorkFields
        woodworkSurvey {
          ...WoodworkSurveyFields
        }
      }
    }
  }
`);

export const QProfileOptions = graphql(`
  query QProfileOptions {
    careers {
      id
      name
      woodWorkRelated
    }
    states {
      id
      uf
      name
    }
  }
`);

export const QCities = graphql(`
  query QCities($stateId: ID!) {
    cities(stateId: $stateId) {
      id
      name
    }
  }
`);

export const QEquipments = graphql(`
  query QEquipments {
    equipments {
      id
      name
    }
  }
`);

export const QCepAddress = graphql(`
  query QCepAddress($cep: String!) {
    cepAddress(cep: $cep) {
      cep
      address
      district
      state {
        id
        uf
        name
      }
      cityName
    }
  }
`);

export const QMyData = graphql(`
  query QMyData {
    myData
  }
`);

export const MUpdateProfile = graphql(`
  mutation MUpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      ...ProfileFields
    }
  }
`);

export const MUpdateProfileImage = graphql(`
  mutation MUpdateProfileImage($file: Upload) {
    updateProfileImage(file: $file) {
      id
      profileImage
    }
  }
`);

export const MUpdateUserWoodWork = graphql(`
  mutation MUpdateUserWoodWork($input: UpdateUserWoodWorkInput!) {
    updateUserWoodWork(input: $input) {
      ...UserWoodWorkFields
    }
  }
`);

export const MUpdateWoodworkSurvey = graphql(`
  mutation MUpdateWoodworkSurvey($input: UpdateWoodworkSurveyInput!) {
    updateWoodworkSurvey(input: $input) {
      ...WoodworkSurveyFields
    }
  }
`);

export const MUpdateCnpj = graphql(`
  mutation MUpdateCnpj($cnpj: String!) {
    updateCnpj(cnpj: $cnpj) {
      id
      cnpj
      cnpjUpdatedAt
      cnpjChangeAllowedFrom
    }
  }
`);

export const MRequestPhoneChange = graphql(`
  mutation MRequestPhoneChange($phoneNumber: String!) {
    requestPhoneChange(phoneNumber: $phoneNumber) {
      maskedPhone
      resendInSeconds
    }
  }
`);

export const MConfirmPhoneChange = graphql(`
  mutation MConfirmPhoneChange($code: String!) {
    confirmPhoneChange(code: $code) {
      id
      phoneNumber
      phoneNumberPrefix
      profileStatus {
        ...ProfileStatusFields
      }
    }
  }
`);

export const MRequestEmailChange = graphql(`
  mutation MRequestEmailChange($email: String!) {
    requestEmailChange(email: $email) {
      pendingEmail
    }
  }
`);

export const MAnswerConsent = graphql(`
  mutation MAnswerConsent($accepted: Boolean!) {
    answerConsent(accepted: $accepted) {
      id
      showModalConsent
      messageModalConsent
    }
  }
`);

export const MDeleteAccount = graphql(`
  mutation MDeleteAccount($password: String!) {
    deleteAccount(password: $password) {
      success
    }
  }
`);

export const QMySessions = graphql(`
  query QMySessions {
    mySessions {
      id
      device
      region
      lastUsedAt
      createdAt
      current
    }
  }
`);

export const MEndSession = graphql(`
  mutation MEndSession($id: ID!) {
    endSession(id: $id)
  }
`);

export const MEndOtherSessions = graphql(`
  mutation MEndOtherSessions {
    endOtherSessions
  }
`);
