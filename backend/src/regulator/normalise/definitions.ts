/** fdic_field_definitions rows. */

export type FieldDefinitionRow = {
  endpoint: string;
  code: string;
  title: string | null;
  description: string | null;
  type: string | null;
  is_demo: boolean;
};
