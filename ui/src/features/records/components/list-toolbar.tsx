import { Badge, Button, Flex, Input, InputGroup, Menu, Portal } from '@chakra-ui/react'
import { useEffect, useState } from 'react'

import { ColumnsIcon, FilterIcon, SearchIcon, UserIcon } from '@/components/icons'
import type { Options } from '@/data/records'

import type { ResourceConfig } from '@/config/records'
import { visibleColumns, type ListState } from '../list-state'

import { EnumBadge } from './value'

const SEARCH_DELAY = 300

function SearchBox({ value, placeholder, onSearch }: { value: string; placeholder: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  // The URL changed by itself (back button, a link): show its query.
  if (value !== shown) {
    setShown(value)
    setText(value)
  }
  useEffect(() => {
    if (text === value) return
    const timer = setTimeout(() => onSearch(text), SEARCH_DELAY)
    return () => clearTimeout(timer)
  }, [text, value, onSearch])
  return (
    <InputGroup startElement={<SearchIcon boxSize="4" color="fg.subtle" />} flex="1" minW="56" maxW="md">
      <Input
        size="sm"
        type="search"
        placeholder={placeholder}
        aria-label="Search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onSearch(text)}
        data-testid="list-search"
      />
    </InputGroup>
  )
}

export function ListToolbar({
  config,
  state,
  options,
  onChange,
  showColumns,
}: {
  config: ResourceConfig
  state: ListState
  options: Options | null
  onChange: (patch: Partial<ListState>) => void
  showColumns: boolean
}) {
  const active = Object.values(state.filters).reduce((n, v) => n + v.length, 0) + (state.mine ? 1 : 0)
  const shownColumns = visibleColumns(state, config).map((c) => c.key)
  return (
    <Flex gap="2" wrap="wrap" align="center" data-testid="list-toolbar">
      <SearchBox value={state.q} placeholder={config.searchPlaceholder} onSearch={(q) => onChange({ q, page: 1 })} />
      {config.filters.map((filter) => {
        const selected = state.filters[filter.key] ?? []
        return (
          <Menu.Root key={filter.key} closeOnSelect={false}>
            <Menu.Trigger asChild>
              <Button size="sm" variant={selected.length ? 'subtle' : 'outline'} colorPalette={selected.length ? 'brand' : 'gray'} data-testid={`filter-${filter.key}`}>
                <FilterIcon boxSize="3.5" />
                {filter.label}
                {selected.length > 0 && (
                  <Badge size="xs" colorPalette="brand" variant="solid" borderRadius="full">
                    {selected.length}
                  </Badge>
                )}
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="52" data-testid={`filter-${filter.key}-menu`}>
                  {(options?.[filter.options] ?? []).map((option) => (
                    <Menu.CheckboxItem
                      key={option.value}
                      value={option.value}
                      checked={selected.includes(option.value)}
                      onCheckedChange={(checked) => {
                        const next = checked ? [...selected, option.value] : selected.filter((v) => v !== option.value)
                        onChange({ filters: { ...state.filters, [filter.key]: next }, page: 1 })
                      }}
                      data-testid={`filter-${filter.key}-${option.value}`}
                    >
                      {['statuses', 'risks', 'stages', 'documentStates'].includes(filter.options) ? (
                        <EnumBadge list={filter.options} value={option.value} options={options} />
                      ) : (
                        option.label
                      )}
                      <Menu.ItemIndicator />
                    </Menu.CheckboxItem>
                  ))}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        )
      })}
      <Button
        size="sm"
        variant={state.mine ? 'subtle' : 'outline'}
        colorPalette={state.mine ? 'brand' : 'gray'}
        aria-pressed={state.mine}
        onClick={() => onChange({ mine: !state.mine, page: 1 })}
        data-testid="filter-mine"
      >
        <UserIcon boxSize="3.5" />
        {config.mineFilter.label}
      </Button>
      {(active > 0 || state.q) && (
        <Button size="sm" variant="ghost" onClick={() => onChange({ filters: {}, mine: false, q: '', page: 1 })} data-testid="filters-clear">
          Clear
        </Button>
      )}
      {showColumns && (
        <Menu.Root closeOnSelect={false}>
          <Menu.Trigger asChild>
            <Button size="sm" variant="outline" ms="auto" data-testid="column-chooser">
              <ColumnsIcon boxSize="3.5" /> Columns
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="48" data-testid="column-chooser-menu">
                {config.columns.map((column) => {
                  const on = shownColumns.includes(column.key)
                  return (
                    <Menu.CheckboxItem
                      key={column.key}
                      value={column.key}
                      checked={on}
                      disabled={on && shownColumns.length === 1}
                      onCheckedChange={(checked) => {
                        const next = checked ? [...shownColumns, column.key] : shownColumns.filter((k) => k !== column.key)
                        const defaults = config.columns.filter((c) => c.visible).map((c) => c.key)
                        const same = next.length === defaults.length && defaults.every((k) => next.includes(k))
                        onChange({ columns: same ? null : next })
                      }}
                      data-testid={`column-toggle-${column.key}`}
                    >
                      {column.label}
                      <Menu.ItemIndicator />
                    </Menu.CheckboxItem>
                  )
                })}
                <Menu.Separator />
                <Menu.Item value="reset" onClick={() => onChange({ columns: null })} data-testid="column-reset">
                  Reset columns
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
    </Flex>
  )
}
