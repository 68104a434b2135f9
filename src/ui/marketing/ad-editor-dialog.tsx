import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { UPLOAD_ACCEPT } from '../../domain/uploads';
import {
  selectCanCancel,
  selectCanSave,
  selectDraft,
  selectFieldErrors,
  selectFileError,
  selectFileName,
  selectImageAddress,
  selectIsNew,
  selectLeaveGuard,
  selectReading,
  selectRefusal,
  selectSaving,
  type AdEditorActorRef,
} from '../../machines/ad-editor/selectors';
import { LeaveQuestion } from '../dialogs/leave-question';
import { Modal } from '../dialogs/modal';
import { AdImage } from './ad-image';
import { FormField } from './form-field';

/** The form of a new or saved advertisement: title, link, and an image uploaded or given by its https address. */
export function AdEditorDialog({ editor }: { editor: AdEditorActorRef }) {
  const isNew = useSelector(editor, selectIsNew);
  const draft = useSelector(editor, selectDraft);
  const errors = useSelector(editor, selectFieldErrors, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const refusal = useSelector(editor, selectRefusal);
  const canSave = useSelector(editor, selectCanSave);
  const canCancel = useSelector(editor, selectCanCancel);
  const saving = useSelector(editor, selectSaving);
  const leaveGuard = useSelector(editor, selectLeaveGuard);
  const change = (field: 'title' | 'linkUrl' | 'imageUrl') => (value: string) =>
    editor.send({ type: 'editor.change', field, value });
  return (
    <>
      <LeaveQuestion guard={leaveGuard} what={isNew ? 'The new advertisement' : 'This advertisement'} />
      <Modal
        testId="ad-editor"
        title={isNew ? 'New advertisement' : 'Edit advertisement'}
        onClose={() => editor.send({ type: 'editor.cancel' })}
        footer={
          <>
            <Button variant="outline" disabled={!canCancel} onClick={() => editor.send({ type: 'editor.cancel' })}>
              Cancel
            </Button>
            <Button disabled={!canSave} loading={saving} onClick={() => editor.send({ type: 'editor.save' })}>
              {isNew ? 'Create' : 'Save'}
            </Button>
          </>
        }
      >
        <Stack gap="4">
          <FormField
            label="Title"
            value={draft.title}
            onChange={change('title')}
            error={errors.title}
            hint="Required: what customers read under the image."
            required
          />
          <FormField
            label="Link"
            type="url"
            value={draft.linkUrl}
            onChange={change('linkUrl')}
            error={errors.linkUrl}
            placeholder="https://"
            hint="Where the advertisement takes customers (https:// or http://); optional."
          />
          <ImageField editor={editor} onAddress={change('imageUrl')} addressError={errors.imageUrl} />
          {refusal && (
            <Text color="fg.error" role="alert" data-testid="ad-refusal">
              {refusal}
            </Text>
          )}
        </Stack>
      </Modal>
    </>
  );
}

function ImageField({
  editor,
  onAddress,
  addressError,
}: {
  editor: AdEditorActorRef;
  onAddress: (value: string) => void;
  addressError: string | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const draft = useSelector(editor, selectDraft);
  const address = useSelector(editor, selectImageAddress);
  const fileName = useSelector(editor, selectFileName);
  const fileError = useSelector(editor, selectFileError);
  const reading = useSelector(editor, selectReading);
  return (
    <Stack gap="2">
      <Text fontWeight="medium">Image</Text>
      <HStack gap="3" align="center">
        <AdImage src={draft.imageUrl || null} title="The advertisement's image" width="120px" height="72px" />
        <Stack gap="1">
          <HStack gap="2">
            <Button size="sm" variant="outline" disabled={reading} onClick={() => input.current?.click()}>
              Upload image
            </Button>
            {reading && <Spinner size="sm" aria-label="Reading the image" />}
          </HStack>
          <Text
            fontSize="sm"
            color={fileError ? 'fg.error' : 'fg.muted'}
            role={fileError ? 'alert' : undefined}
            data-testid="ad-file-status"
          >
            {fileError ?? (fileName ? `Uploaded: ${fileName}` : 'JPG or PNG, at most 500 KB.')}
          </Text>
        </Stack>
        <input
          ref={input}
          type="file"
          accept={UPLOAD_ACCEPT}
          hidden
          data-testid="ad-image-file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            // cleared, so picking the same file again still reports a change
            e.currentTarget.value = '';
            if (file) editor.send({ type: 'editor.file', file });
          }}
        />
      </HStack>
      <FormField
        label="Or the image's address"
        type="url"
        value={address}
        onChange={onAddress}
        error={addressError}
        placeholder="https://"
        hint="An https:// image: it replaces an uploaded one."
      />
    </Stack>
  );
}
