import { Button, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { variableTag } from '../../domain/mail-content';
import { selectCanEdit, type MailContentActorRef } from '../../machines/mail-content/selectors';
import { selectVariables, selectVariablesView, type ProductsActorRef } from '../../machines/products/selectors';
import { PageFailed } from '../settings/page-state';

/** The variables a template may name; a click writes one at the caret (the body's end before any). */
export function VariableList({ root, editor }: { root: ProductsActorRef; editor: MailContentActorRef }) {
  const variables = useSelector(root, selectVariables);
  const view = useSelector(root, selectVariablesView);
  const canEdit = useSelector(editor, selectCanEdit);
  return (
    <Stack as="section" aria-labelledby="mail-variables-heading" gap="2" data-testid="mail-variables">
      <Heading as="h3" size="sm" id="mail-variables-heading">
        Variables
      </Heading>
      {view === 'failed' ? (
        <PageFailed
          testId="variables-failed"
          message="The variables could not be loaded."
          onRetry={() => root.send({ type: 'variables.retry' })}
        />
      ) : (
        <Text fontSize="sm" color="fg.muted">
          A click writes the variable at the caret. Optional ones may be empty: guard them with {'{% if name %}'}.
        </Text>
      )}
      <Wrap gap="1">
        {variables.map((variable) => (
          <Button
            key={variable.name}
            size="xs"
            variant="outline"
            fontFamily="mono"
            title={variable.description}
            aria-label={`Insert ${variable.name}: ${variable.description}`}
            disabled={!canEdit}
            onClick={() => editor.send({ type: 'mail.insert', name: variable.name })}
          >
            {variableTag(variable.name)}
          </Button>
        ))}
      </Wrap>
    </Stack>
  );
}
