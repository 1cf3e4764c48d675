import type { validation as de } from '../de/validation';

export const validation: typeof de = {
  required: 'This field is required.',
  max: 'The input is too long.',
  min: 'The input is too short.',
  invalid: 'The input is invalid.',
  id: 'Invalid ID.',
  date: 'Please enter a valid date.',
  role: 'Unknown role.',
  customerRole: 'Unknown customer role.',
  department: 'Unknown department.',
  customer: 'Unknown customer.',
  firstName: { required: 'First name is required.' },
  lastName: { required: 'Last name is required.' },
  email: {
    required: 'Your email is required.',
    min: 'Your email must be at least 5 characters long.',
    max: 'Your email cannot be longer than 50 characters.',
    invalid: 'Your email is invalid.',
  },
  password: {
    required: 'Your new password is required.',
    min: 'Your new password must be at least 5 characters long.',
    max: 'Your new password cannot be longer than 50 characters.',
  },
  passwordConfirm: {
    required: 'Your new password still needs to be confirmed.',
    notEqual: 'The confirmed password does not match.',
  },
  currentPassword: { required: 'Your current password is required.' },
  code: { required: 'Please enter the code.', format: 'The code has 6 digits.' },
};
