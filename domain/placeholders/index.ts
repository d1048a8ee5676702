export { placeholderCatalogue, placeholdersByLowerName, insertionFor, type Placeholder, type PlaceholderGroup, type PlaceholderKind, type PlaceholderSource } from './catalogue.ts';
export {
  renderTemplate,
  renderEmail,
  checkTemplate,
  checkEmailTemplate,
  helperCatalogue,
  PlaceholderSyntaxError,
  EmailTemplateSyntaxError,
  missingValueText,
  missingSenderText,
  type PlaceholderValues,
  type RenderFormat,
  type RenderResult,
  type TemplatePart,
} from './engine.ts';
export { placeholderValues, exampleValues, type PlaceholderInputs, type PlaceholderBank, type PlaceholderContact, type PlaceholderSender, type PlaceholderAnalysis } from './values.ts';
export { starterTemplates, defaultEmailTemplate, type StarterTemplate } from './starter-templates.ts';
export { moneyText, percentText, dateText } from './formats.ts';
