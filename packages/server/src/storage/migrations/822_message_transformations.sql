-- Message transformation (modules/message-transformation): EMQX keeps transformations as the ordered list
-- message_transformation.transformations in its config; here one row each, `position` giving the order they run in.
CREATE TABLE message_transformations (
  name TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  body TEXT NOT NULL  -- JSON: the transformation as the API shows it
);
