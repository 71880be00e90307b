import type { ProfileUpdateBody } from '@beatroom/shared/community-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadImage } from '../../../lib/image-upload';
import { applyOwnProfile } from '../../session/api';
import { profileKeys, updateProfile, uploadVoiceTag } from '../api';

export type ProfileImageField = 'profile_image_key' | 'cover_image_key';

/**
 * PUT /api/profile; the answer is the fresh profile, written straight into the cache (where
 * the profile page and the beat pages' producer badges read it) and into the session user, so
 * the header shows the new name and picture at once.
 */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => updateProfile(body),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.profile(userId), profile);
      applyOwnProfile(queryClient, profile.profile);
      // Names and pictures appear in lists and feeds too.
      void queryClient.invalidateQueries({ queryKey: profileKeys.user(userId), refetchType: 'none' });
    },
  });
}

/** Uploads an image (POST /api/upload/image) and returns its key, for a later PUT /api/profile. */
export function useUploadProfileImage() {
  return useMutation({ mutationFn: (file: File) => uploadImage(file, file.name) });
}

/** Uploads a voice tag (POST /api/upload/audio) and returns its key, for a later PUT /api/profile. */
export function useUploadVoiceTag() {
  return useMutation({ mutationFn: (file: File) => uploadVoiceTag(file) });
}
