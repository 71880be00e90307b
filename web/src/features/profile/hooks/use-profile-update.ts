import type { ProfileUpdateBody } from '@beatroom/shared/community-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, updateProfile, uploadProfileImage } from '../api';

export type ProfileImageField = 'profile_image_key' | 'cover_image_key';

/** PUT /api/profile; the answer is the fresh profile, written straight into the cache. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => updateProfile(body),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.profile(userId), profile);
      // Names and pictures appear in lists and feeds too.
      void queryClient.invalidateQueries({ queryKey: profileKeys.user(userId), refetchType: 'none' });
    },
  });
}

/** Uploads an image (POST /api/upload/image) and returns its key, for a later PUT /api/profile. */
export function useUploadProfileImage() {
  return useMutation({ mutationFn: (file: File) => uploadProfileImage(file, file.name) });
}
