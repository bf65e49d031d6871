/**
 * The phone input of the SMS screens, for other plugins' screens that take a number (the SMS MFA
 * method): the field and how its text reads as a number. Loaded through `loadPhoneInput()`, so the
 * phone library stays out of a page's first chunk.
 * @module
 */
export { PhoneField, type PhoneFieldProps } from './screens/PhoneField'
export { displayPhoneNumber, initialCountry, readPhoneInput, type PhoneInputResult } from './screens/phone'
