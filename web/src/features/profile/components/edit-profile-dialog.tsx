import { ProfileUpdateBody, type Profile } from '@beatroom/shared/community-contract';
import { MUSIC_ROLES } from '@beatroom/shared/community-constants';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/error-text';
import { storedFileUrl } from '../../../lib/stored-file';
import { showToast } from '../../../lib/toast';
import { useUpdateProfile, useUploadProfileImage, useUploadVoiceTag } from '../hooks/use-profile-update';
import { ImageField } from './image-field';
import { VoiceTagField, type VoiceTagChoice } from './voice-tag-field';

type TextField = Exclude<keyof ProfileUpdateBody, 'profile_image_key' | 'cover_image_key' | 'voice_tag_key'>;
type FormValues = Record<TextField, string>;
type FieldErrors = Partial<Record<keyof ProfileUpdateBody, string>>;

const TEXT_FIELDS: TextField[] = [
  'display_name',
  'bio',
  'location',
  'website_url',
  'twitter_handle',
  'instagram_handle',
  'tiktok_handle',
  'spotify_url',
  'soundcloud_url',
  'user_role',
];

function initialValues(profile: Profile): FormValues {
  return Object.fromEntries(TEXT_FIELDS.map((field) => [field, profile[field] ?? ''])) as FormValues;
}

/**
 * The server names the field of a validation failure ("website_url: Website must be an
 * http(s) URL"); such a message goes beside its field, anything else above the buttons.
 */
export function fieldOfServerError(message: string): { field: keyof ProfileUpdateBody; text: string } | null {
  // The voice tag's own checks (not the caller's upload, too long) name it in words.
  if (message.startsWith('Voice tag: ')) return { field: 'voice_tag_key', text: message };
  const match = /^([a-z_]+): (.+)$/.exec(message);
  if (!match) return null;
  const [, field, text] = match;
  const known = [...TEXT_FIELDS, 'profile_image_key', 'cover_image_key', 'voice_tag_key'] as string[];
  return field && text && known.includes(field) ? { field: field as keyof ProfileUpdateBody, text } : null;
}

interface ImageChoice {
  file: File | null;
  removed: boolean;
}

function EditProfileForm({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const id = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [picture, setPicture] = useState<ImageChoice>({ file: null, removed: false });
  const [cover, setCover] = useState<ImageChoice>({ file: null, removed: false });
  const [voiceTag, setVoiceTag] = useState<VoiceTagChoice>({ file: null, removed: false });
  const upload = useUploadProfileImage();
  const uploadVoiceTag = useUploadVoiceTag();
  const update = useUpdateProfile(profile.user_id);
  const [stage, setStage] = useState<'idle' | 'uploading' | 'saving'>('idle');
  const busy = stage !== 'idle';

  const fieldId = (field: string) => `${id}-${field}`;
  const text = (
    field: TextField,
    props: { type?: string; placeholder?: string; autoComplete?: string } = {},
  ) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    disabled: busy,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${fieldId(field)}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
    className: inputClasses,
    ...props,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBanner(null);
    const parsed = ProfileUpdateBody.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ProfileUpdateBody | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    const body: ProfileUpdateBody = { ...parsed.data };
    try {
      if (picture.file || cover.file || voiceTag.file) setStage('uploading');
      if (picture.file) body.profile_image_key = await upload.mutateAsync(picture.file);
      else if (picture.removed) body.profile_image_key = null;
      if (cover.file) body.cover_image_key = await upload.mutateAsync(cover.file);
      else if (cover.removed) body.cover_image_key = null;
      if (voiceTag.file) body.voice_tag_key = await uploadVoiceTag.mutateAsync(voiceTag.file);
      else if (voiceTag.removed) body.voice_tag_key = null;
      setStage('saving');
      await update.mutateAsync(body);
      showToast({ type: 'success', title: 'Profile updated' });
      onClose();
    } catch (error) {
      setStage('idle');
      const message = isApiError(error) ? error.message : describeError(error);
      const placed = fieldOfServerError(message);
      if (placed) setErrors((current) => ({ ...current, [placed.field]: placed.text }));
      else setBanner(message || 'Failed to update profile');
      return;
    }
  }

  const imageError = errors.profile_image_key ?? errors.cover_image_key;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <ImageField
          label="Profile image"
          hint="JPG, PNG or WebP, up to 5MB"
          shape="round"
          currentUrl={storedFileUrl(profile.profile_image_key)}
          file={picture.file}
          removed={picture.removed}
          onChange={setPicture}
          disabled={busy}
        />
        <ImageField
          label="Cover image"
          hint="JPG, PNG or WebP, up to 10MB"
          shape="wide"
          currentUrl={storedFileUrl(profile.cover_image_key)}
          file={cover.file}
          removed={cover.removed}
          onChange={setCover}
          disabled={busy}
        />
      </div>
      {imageError ? <p className="-mt-3 text-xs text-red-400">{imageError}</p> : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Display name" htmlFor={fieldId('display_name')} error={errors.display_name}>
          <input {...text('display_name', { autoComplete: 'nickname' })} />
        </FormField>
        <FormField
          label="Music role"
          htmlFor={fieldId('user_role')}
          error={errors.user_role}
          hint="All roles are free and the picker is display only"
        >
          <select {...text('user_role')}>
            <option value="">No role</option>
            {MUSIC_ROLES.map((role) => (
              <option key={role.value} value={role.value}>
                {role.label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Bio" htmlFor={fieldId('bio')} error={errors.bio} className="sm:col-span-2">
          <textarea {...text('bio')} rows={3} className={`${inputClasses} h-auto resize-y py-2`} />
        </FormField>
        <FormField label="Location" htmlFor={fieldId('location')} error={errors.location}>
          <input {...text('location', { placeholder: 'City, Country' })} />
        </FormField>
        <FormField label="Website" htmlFor={fieldId('website_url')} error={errors.website_url}>
          <input {...text('website_url', { type: 'url', placeholder: 'https://', autoComplete: 'url' })} />
        </FormField>
        <FormField label="Twitter" htmlFor={fieldId('twitter_handle')} error={errors.twitter_handle}>
          <input {...text('twitter_handle', { placeholder: '@handle' })} />
        </FormField>
        <FormField label="Instagram" htmlFor={fieldId('instagram_handle')} error={errors.instagram_handle}>
          <input {...text('instagram_handle', { placeholder: '@handle' })} />
        </FormField>
        <FormField label="TikTok" htmlFor={fieldId('tiktok_handle')} error={errors.tiktok_handle}>
          <input {...text('tiktok_handle', { placeholder: '@handle' })} />
        </FormField>
        <FormField label="Spotify" htmlFor={fieldId('spotify_url')} error={errors.spotify_url}>
          <input {...text('spotify_url', { type: 'url', placeholder: 'https://open.spotify.com/…' })} />
        </FormField>
        <FormField label="SoundCloud" htmlFor={fieldId('soundcloud_url')} error={errors.soundcloud_url}>
          <input {...text('soundcloud_url', { type: 'url', placeholder: 'https://soundcloud.com/…' })} />
        </FormField>
      </div>

      <VoiceTagField
        currentKey={profile.voice_tag_key}
        value={voiceTag}
        onChange={(choice) => {
          setVoiceTag(choice);
          setErrors((current) => ({ ...current, voice_tag_key: undefined }));
        }}
        error={errors.voice_tag_key}
        disabled={busy}
      />

      {banner ? <ErrorBanner title={banner} /> : null}

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {stage === 'uploading' ? 'Uploading...' : stage === 'saving' ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/** Edit Profile (owner): every field of PUT /api/profile, the picture, the cover and the voice tag. */
export function EditProfileDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: Profile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title="Edit Profile" widthClassName="max-w-2xl">
      {/* Mounted only while open, so every opening starts from the saved profile. */}
      {open ? <EditProfileForm profile={profile} onClose={() => onOpenChange(false)} /> : null}
    </DialogShell>
  );
}
