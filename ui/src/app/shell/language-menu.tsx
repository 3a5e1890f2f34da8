import { Button, Menu, Portal, Text } from '@chakra-ui/react'

import { GlobeIcon } from '@/components/icons'

/** Spec: only English is available for translation. */
const LANGUAGES = [{ id: 'en', title: 'English', flag: 'EN' }] as const

export function LanguageMenu() {
  const current = LANGUAGES[0]
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="2" aria-label={`${current.flag}, language: ${current.title}`} data-testid="language-menu">
          <GlobeIcon />
          <Text as="span" fontSize="xs" fontWeight="bold">
            {current.flag}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="language-menu-content">
            <Menu.RadioItemGroup value={current.id}>
              {LANGUAGES.map((language) => (
                <Menu.RadioItem key={language.id} value={language.id} data-testid={`language-option-${language.id}`}>
                  {language.title}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
