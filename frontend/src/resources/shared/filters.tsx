import { AutocompleteInput, BooleanInput, ReferenceInput, SearchInput } from 'react-admin';

/**
 * The free-text search every list starts its filters with, wide enough for its placeholder, which
 * says what it searches ('Search name, subject, body' was cut at react-admin's width); on a phone
 * it spans the screen, as react-admin lays it out there.
 */
export function searchFilter(placeholder: string) {
  return <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} sx={{ '& .MuiInputBase-input': { width: { sm: `${Math.max(placeholder.length, 18)}ch` } } }} />;
}

/** Narrows a list to one of the user's tracked banks, chosen by typing its name. */
export function bankFilter() {
  return (
    <ReferenceInput key="bankId" source="bankId" reference="banks" label="Bank" alwaysOn>
      <AutocompleteInput optionText="name" label="Bank" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 240 }} />
    </ReferenceInput>
  );
}

/**
 * A switch that narrows a list to the records where `source` is true ('Hot leads only'). Switched
 * off it lifts the filter: react-admin's switch would send false instead, and 'Overdue only'
 * switched off would then hide the overdue tasks.
 */
export function onlyFilter(source: string, label: string) {
  return <BooleanInput key={source} source={source} label={label} parse={(checked: boolean) => (checked ? true : '')} />;
}
