/**
 * The shapes of the export frame's operations' params (its own module, so the hidden frame's bundle
 * carries none of the export frame's texts): a request the frame cannot read gets `invalid_request`;
 * the locale it carries is taken text by text, and what is malformed shows in English.
 * @module
 */
import * as v from 'valibot'
import { KEY_FRAME_TEXTS, MAX_KEY_FRAME_TEXT_LENGTH, type KeyFrameTextKey } from '../protocols/wallet-frame'
import { AccessToken, AddressParam, ChainTypeParam, MfaToken } from './params'

/** One of the export frame's texts: a plain, non-empty, bounded string, or left out (a malformed one is left out). */
const KeyFrameText = v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_KEY_FRAME_TEXT_LENGTH))), undefined)

/** The export frame's texts: its known keys only (others are dropped); what is missing or malformed shows in English. */
const KeyFrameTextsParam = v.fallback(
  v.optional(v.object(Object.fromEntries(Object.keys(KEY_FRAME_TEXTS).map((key) => [key, KeyFrameText])) as Record<KeyFrameTextKey, typeof KeyFrameText>)),
  undefined,
)

/** The locale's texts, tag and direction sent with an export frame request; a malformed tag or direction is left out. */
const KeyFrameLocaleParams = {
  texts: KeyFrameTextsParam,
  lang: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(35), v.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/))), undefined),
  dir: v.fallback(v.optional(v.picklist(['ltr', 'rtl'])), undefined),
}

/** The params of the export frame's operations. */
export const exportParams = {
  export: v.strictObject({
    accessToken: AccessToken,
    mfaToken: MfaToken,
    entropyId: AddressParam,
    address: AddressParam,
    chainType: ChainTypeParam,
    phrase: v.boolean(),
    ...KeyFrameLocaleParams,
  }),
  import: v.strictObject({ accessToken: AccessToken, mfaToken: MfaToken, chainType: ChainTypeParam, ...KeyFrameLocaleParams }),
}
