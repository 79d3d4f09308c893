// The actions and sources (or rules) that use something, each a link to its page: the deletion dialogs list them.
import { Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';

interface Props {
  intro?: string;
  actions?: string[];
  sources?: string[];
  rules?: string[];
}

export function DependantsList({ intro, actions = [], sources = [], rules = [] }: Props) {
  const links = [
    ...actions.map((id) => ({ id, to: `/rule/actions/${encodeURIComponent(id)}` })),
    ...sources.map((id) => ({ id, to: `/rule/source/${encodeURIComponent(id)}` })),
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
