import { placeholderCatalogue } from '../../../domain/placeholders/catalogue.ts';

/** The names of every placeholder a template may use, as a model is told them. */
export const placeholderNames = placeholderCatalogue.flatMap((group) => group.placeholders.map((placeholder) => placeholder.name));
