-- A line image's tiles (issue 19): the app cuts an uploaded image into a pyramid of 512 px PNG tiles once, stores
-- them beside the image in the line_images bucket (line/<image>-tiles/<level>/<col>_<row>.png, under the bucket's
-- existing admin-only write policies) and records them in lines.image.tiles = {base, levels, size, gutter, format,
-- width, height}; viewers then fetch only the tiles in view. When present, tiles must describe a URL the way the
-- image's own url is checked, so a viewer never fetches from a javascript: or data: address.
alter table public.lines add constraint lines_image_tiles_check check (
  image is null or image -> 'tiles' is null or jsonb_typeof(image -> 'tiles') = 'null' or coalesce(
    jsonb_typeof(image -> 'tiles') = 'object'
    and jsonb_typeof(image #> '{tiles,base}') = 'string'
    and (image #>> '{tiles,base}') ~* '^(https?://|/)[^[:space:]<>"]*$'
    and jsonb_typeof(image #> '{tiles,levels}') = 'number' and (image #>> '{tiles,levels}')::numeric between 1 and 30
    and jsonb_typeof(image #> '{tiles,size}') = 'number' and (image #>> '{tiles,size}')::numeric > 0
    and (image #>> '{tiles,format}') in ('png', 'webp', 'jpeg'), false));
