-- Schema validation (modules/schema-validation): EMQX keeps validations as the ordered list
-- schema_validation.validations in its config; here one row each, `position` giving the order they run in.
CREATE TABLE schema_validations (
  name TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  body TEXT NOT NULL  -- JSON: the validation as the API shows it
);
