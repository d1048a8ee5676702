/**
 * The input attributes of a field for a web address (a LinkedIn page): a phone brings up its keyboard
 * for addresses ('/', '.com') and neither capitalises the first letter nor corrects the words. Not
 * type="url": the app takes an address typed without https:// and checks the address itself.
 */
export const webAddressInput = { inputMode: 'url', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;
