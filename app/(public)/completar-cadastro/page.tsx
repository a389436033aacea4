import { ResumeSignUpScreen } from '@/components/auth/resume-sign-up-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('incompleteSignUp');

export default function Page() {
  return <ResumeSignUpScreen />;
}
