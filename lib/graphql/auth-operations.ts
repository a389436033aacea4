import { graphql } from './generated';

export const MCreateUser = graphql(`
  mutation MCreateUser($input: CreateUserInput!, $subsidiarySlug: String, $altcha: String) {
    createUser(input: $input, subsidiarySlug: $subsidiarySlug, altcha: $altcha) {
      signupId
      maskedPhone
      resendInSeconds
    }
  }
`);

export const MCreateUserSecondStep = graphql(`
  mutation MCreateUserSecondStep($input: CreateUserSecondStepInput!) {
    createUserSecondStep(input: $input) {
      access_token
      refresh_token
    }
  }
`);

export const MResendCode = graphql(`
  mutation MResendCode($signupId: ID!) {
    resendCode(signupId: $signupId) {
      signupId
      maskedPhone
      resendInSeconds
    }
  }
`);

export const MResumeSignUp = graphql(`
  mutation MResumeSignUp($cpf: String!, $altcha: String) {
    resumeSignUp(cpf: $cpf, altcha: $altcha) {
      signupId
      maskedPhone
      resendInSeconds
    }
  }
`);

export const QPasswordResetChannels = graphql(`
  query QPasswordResetChannels($login: String!, $altcha: String) {
    passwordResetChannels(login: $login, altcha: $altcha) {
      channel
      destination
    }
  }
`);

export const MRequestPasswordReset = graphql(`
  mutation MRequestPasswordReset($login: String!, $channel: ResetChannel!) {
    requestPasswordReset(login: $login, channel: $channel) {
      channel
      destination
      resendInSeconds
    }
  }
`);

export const MResetPassword = graphql(`
  mutation MResetPassword($login: String!, $code: String!, $password: String!) {
    resetPassword(login: $login, code: $code, password: $password) {
      success
    }
  }
`);

export const MConfirmEmail = graphql(`
  mutation MConfirmEmail($data: ConfirmEmailInput!) {
    confirmEmail(data: $data) {
      success
    }
  }
`);

export const MUpdatePassword = graphql(`
  mutation MUpdatePassword($currentPassword: String, $password: String!) {
    updatePassword(currentPassword: $currentPassword, password: $password) {
      access_token
      refresh_token
    }
  }
`);

export const MLogout = graphql(`
  mutation MLogout($refreshToken: String) {
    logout(refreshToken: $refreshToken) {
      success
    }
  }
`);
