import { chakra, Grid, Text } from '@chakra-ui/react';
import { COUNTRIES, type Continent } from '../../../shared/countries';
import { continentState } from '../../../shared/feature-flags';
import type { FeatureToggleActorRef } from '../../machines/feature-toggle/selectors';

const checkboxStyle = {
  boxSize: '4',
  flexShrink: 0,
  accentColor: 'colorPalette.solid',
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
} as const;

interface ContinentGroupProps {
  root: FeatureToggleActorRef;
  flagId: string;
  continent: Continent;
  /** The countries the flag shows as on. */
  shown: string[];
}

/**
 * One continent of a flag: a checkbox for the whole continent (checked, unchecked, or mixed when
 * only some of its countries are on) and one per country. A native checkbox is named by its
 * label and announces `mixed` from its `indeterminate` property, which only a ref can set.
 */
export function ContinentGroup({ root, flagId, continent, shown }: ContinentGroupProps) {
  const countries = COUNTRIES.filter((c) => c.continent === continent);
  const state = continentState(shown, continent);
  const on = countries.filter((c) => shown.includes(c.code)).length;
  const countId = `${flagId}-${continent}-count`;
  return (
    <chakra.fieldset border="0" p="0" m="0" minW="0">
      <chakra.legend display="flex" alignItems="center" gap="3" mb="2">
        <chakra.label display="flex" alignItems="center" gap="2" fontWeight="semibold">
          <chakra.input
            type="checkbox"
            {...checkboxStyle}
            checked={state === 'on'}
            ref={(input: HTMLInputElement | null) => {
              if (input) input.indeterminate = state === 'mixed';
            }}
            aria-describedby={countId}
            onChange={() => root.send({ type: 'flags.toggleContinent', flagId, continent })}
          />
          {continent}
        </chakra.label>
      </chakra.legend>
      <Text id={countId} fontSize="sm" color="fg.muted" mb="2">
        {on} of {countries.length} {countries.length === 1 ? 'country' : 'countries'} on
      </Text>
      <Grid templateColumns="repeat(auto-fill, minmax(10rem, 1fr))" columnGap="6" rowGap="2" ps="6">
        {countries.map((country) => (
          <chakra.label key={country.code} display="flex" alignItems="center" gap="2">
            <chakra.input
              type="checkbox"
              {...checkboxStyle}
              checked={shown.includes(country.code)}
              onChange={() => root.send({ type: 'flags.toggleCountry', flagId, code: country.code })}
            />
            {country.name}
          </chakra.label>
        ))}
      </Grid>
    </chakra.fieldset>
  );
}
