import { Heading, Text } from '@chakra-ui/react';
import { stageTitle, type Stage } from '../../domain/onboarding-rules';

export function StageHeading({ stage, children }: { stage: Stage; children?: string }) {
  return (
    <>
      <Heading as="h2" size="lg">
        {stageTitle(stage)}
      </Heading>
      {children && <Text color="fg.muted">{children}</Text>}
    </>
  );
}
