/** A website as a link: `https://` is prepended when the address has no scheme; null when there is none. */
export function websiteHref(website: string | null | undefined): string | null {
  const text = (website ?? '').trim();
  if (!text) return null;
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

/** Without a profile URL the LinkedIn link searches people by the contact's and the bank's name. */
export function linkedinPeopleSearchUrl(name: string, bankName: string | null | undefined): string {
  const keywords = [name, bankName].filter((part) => part && part.trim()).join(' ');
  return `https://www.linkedin.com/search/results/people/?keywords=${encodeURIComponent(keywords)}`;
}
