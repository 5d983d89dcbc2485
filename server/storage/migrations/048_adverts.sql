-- 048: adverts (spec 002 §3 Advert, §7 getBanner / retrieveBanner / retrieveAdvert). Data an
-- operator with the `adverts` role changes in the console, not a release: the rows below are only
-- their first content, written once (ON CONFLICT DO NOTHING keeps an operator's edit).
-- scenes and pages are comma lists of numbers ('0,18'): getBanner's scenes, retrieveBanner's pages.

CREATE TABLE adverts (
  id             text PRIMARY KEY,
  kind           text NOT NULL CHECK (kind IN ('banner', 'popup')),
  status         smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  title          text NOT NULL,
  alt            text NOT NULL,
  img            text NOT NULL,
  width          integer NOT NULL,
  height         integer NOT NULL,
  url_type       smallint NOT NULL CHECK (url_type IN (1, 2)),
  url            text NOT NULL,
  ga_click_point text NOT NULL,
  scenes         text NOT NULL DEFAULT '',
  pages          text NOT NULL DEFAULT '',
  position       smallint NOT NULL DEFAULT 0,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     text NOT NULL DEFAULT ''
);

-- A member saw a pop-up advert: it is not offered to him again.
CREATE TABLE advert_views (
  advert_id text NOT NULL REFERENCES adverts (id) ON DELETE CASCADE,
  member_id text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  shown_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (advert_id, member_id)
);

INSERT INTO adverts (id, kind, status, title, alt, img, width, height, url_type, url, ga_click_point, scenes, pages, position)
VALUES
  ('B0020', 'banner', 1, 'Premium videos',
   'Premium videos: watch your favourite broadcasters'' videos any time',
   '/adverts/B0020.svg', 1200, 300, 1, '/premiumVideo/premiumVideoList', 'banner_premium_video', '0,18', '6', 1),
  ('B0062', 'banner', 1, 'Say Hi',
   'Say Hi is free: send a greeting and read her first answer for free',
   '/adverts/B0062.svg', 1200, 300, 1, '/help/service-intro/say-hi', 'banner_say_hi', '0,18', '6', 2),
  ('B0102', 'popup', 0, 'Featured tonight',
   'Featured tonight: meet the broadcasters everyone is watching',
   '/adverts/B0102.svg', 600, 400, 1, '/featuredlist', 'pop_featured', '', '', 3),
  ('B0040', 'popup', 1, 'Premium videos for you',
   'Premium videos: unlock a video once and watch it whenever you like',
   '/adverts/B0040.svg', 600, 400, 1, '/help/service-intro/premium-video', 'pop_premium_video', '', '', 4),
  ('B0065', 'popup', 1, 'Chat minutes',
   'Chat minutes: buy minutes once and spend them in live chat with any broadcaster',
   '/adverts/B0065.svg', 600, 400, 1, '/addcredit', 'pop_chat_min', '', '', 5)
ON CONFLICT (id) DO NOTHING;
