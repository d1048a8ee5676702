import { AutocompleteInput, ReferenceInput, SearchInput } from 'react-admin';

/** The free-text search every list starts its filters with. */
export function searchFilter(placeholder: string) {
  return <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} />;
}

/** Narrows a list to one of the user's tracked banks, chosen by typing its name. */
export function bankFilter() {
  return (
    <ReferenceInput key="bankId" source="bankId" reference="banks" label="Bank" alwaysOn>
      <AutocompleteInput optionText="name" label="Bank" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 240 }} />
    </ReferenceInput>
  );
}
