// One search field applied on Enter / the search button (not per key). What is typed follows the applied value
// when that changes elsewhere (back/forward, a link), so the box always shows what the list is filtered by.
import { useEffect, useState } from 'react';
import { Flex, Input, theme } from 'antd';

interface Props {
  /** The applied value, e.g. from the URL query. */
  value: string;
  /** With the trimmed text. */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
}

export function SearchBox({ value, onSearch, label, placeholder }: Props) {
  const { token } = theme.useToken();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Flex style={{ marginBottom: token.marginMD }}>
      <Input.Search
        aria-label={label}
        placeholder={placeholder}
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => onSearch(v.trim())}
        style={{ maxWidth: 360 }}
      />
    </Flex>
  );
}
