// The actions and sources (or rules) that use something, each a link to its page: the deletion dialogs list them.
// A connector names its actions and sources without their type (EMQX): they are of the connector's type.
import { Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';

interface Props {
  intro?: string;
  /** the type of the named actions and sources (the connector's) */
  type?: string;
  actions?: string[];
  sources?: string[];
  rules?: string[];
}

export function DependantsList({ intro, type, actions = [], sources = [], rules = [] }: Props) {
  const idOf = (name: string) => (type && !name.includes(':') ? `${type}:${name}` : name);
  const links = [
    ...actions.map((id) => ({ id, to: `/rule/actions/${encodeURIComponent(idOf(id))}?tab=settings` })),
    ...sources.map((id) => ({ id, to: `/rule/source/${encodeURIComponent(idOf(id))}?tab=settings` })),
    ...rules.map((id) => ({ id, to: `/rule/rules/${encodeURIComponent(id)}?tab=settings` })),
  ];
  return (
    <Flex vertical gap="small">
      {intro && <Typography.Paragraph style={{ margin: 0 }}>{intro}</Typography.Paragraph>}
      <Flex gap="small" wrap>
        {links.map((l) => (
          <Tag key={l.to}>
            <Link to={l.to}>{l.id}</Link>
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}
