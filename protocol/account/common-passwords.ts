/**
 * Common passwords (the most used entries of public breach lists, and their usual variants: a digit
 * run or "!" after a common word, a year). A sign-up or new password that is one of these, compared
 * in lower case, is refused. 1395 entries; data, not code.
 */
const LIST = `
!qaz2wsx 0000 000000 00000000 0987654321 101010 10203 102030 1111 11111 111111 1111111 11111111
112233 11223344 1212 121212 12121212 121314 123123 123123123 123321 1234 12341234 12345 1234554321
123456 1234567 12345678 123456789 1234567890 123456a 12345a 1234abcd 1234qwer 1234qwerty 123654
123654789 123abc 123abc123 123qwe 131313 147258 147258369 159357 159753 1960 1961 1962 1963 1964
1965 1966 1967 1968 1969 1970 1971 1972 1973 1974 1975 1976 1977 1978 1979 1980 1981 1982 1983
1984 1985 1986 1987 1988 1989 1990 1991 1992 1993 1994 1995 1996 1997 1998 1999 1a2b3c 1q2w3e
1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qaz2wsx3edc 1qaz@wsx 1qazxsw2 1qazzaq1 2000 2001 2002 2003 2004 2005
2006 2007 2008 2009 2010 202020 2222 222222 3333 333333 4444 456789 5555 555555 654321 666666 6969
696969 741852963 7777 777777 7777777 789456 789456123 8888 88888888 987654 987654321 9876543210
9999 999999 a123456 a1b2c3 a1b2c3d4 aa1234 aa123456 aaa111 aaaa aaaaa aaaaaa aaaaaaaa abc abc!
abc007 abc01 abc1 abc12 abc123 abc1234 abc12345 abc123456 abc2020 abc2021 abc2022 abc2023 abc2024
abc2025 abc2026 abc69 abc99 abcabc abcd1234 abcdef abcdefg abcdefgh abigail access access1
access14 adam admin admin! admin007 admin01 admin1 admin12 admin123 admin1234 admin12345 admin2020
admin2021 admin2022 admin2023 admin2024 admin2025 admin2026 admin69 admin99 administrator
alessandro alex alexander alexandra alexis amanda amanda1 america andrea andrew andrew1 android
angel angel! angel007 angel01 angel1 angel12 angel123 angel1234 angel12345 angel2020 angel2021
angel2022 angel2023 angel2024 angel2025 angel2026 angel69 angel99 angels anna anthony anthony1
antonio apollo apple apple1 april army arsenal asd123 asdf1234 asdfasdf asdfg asdfgh asdfghjkl
asdqwe123 ashley ashley1 august austin australia autumn avenger avengers azerty baby baby123
babyboy babygirl badboy bailey banana banana1 barcelona barney baseball baseball! baseball007
baseball01 baseball1 baseball12 baseball123 baseball1234 baseball12345 baseball2020 baseball2021
baseball2022 baseball2023 baseball2024 baseball2025 baseball2026 baseball69 baseball99 basketball
batman batman! batman007 batman01 batman1 batman12 batman123 batman1234 batman12345 batman2020
batman2021 batman2022 batman2023 batman2024 batman2025 batman2026 batman69 batman99 beach bear
beautiful believe berlin bible bigdaddy bigdick bigdog bird biteme blessed blizzard booboo boomer
boston boston1 brandon brandy brazil brian brittany bulldog burger buster butter butterfly
california camaro canada candy captain caramel carlos cat champion changeme changeme1 charles
charlie charlie! charlie007 charlie01 charlie1 charlie12 charlie123 charlie1234 charlie12345
charlie2020 charlie2021 charlie2022 charlie2023 charlie2024 charlie2025 charlie2026 charlie69
charlie99 charlotte cheese cheese1 chelsea chelsea1 cherry chester chiara chicago chicago1 chicken
china chloe chocolate chris christ coffee coffee1 college compaq computer contrasena control
cookie cookie1 corvette counterstrike cowboy cowboys cs16 cupcake cvbnm dakota dallas dallas1
dance dancer daniel daniel1 darling darling! darling007 darling01 darling1 darling12 darling123
darling1234 darling12345 darling2020 darling2021 darling2022 darling2023 darling2024 darling2025
darling2026 darling69 darling99 dating! dating007 dating01 dating1 dating12 dating123 dating1234
dating12345 dating2020 dating2021 dating2022 dating2023 dating2024 dating2025 dating2026 dating69
dating99 david david1 dccomics december default default1 devil diablo diamond diana doctor dog
doggie dolphin dota dragon dragon! dragon007 dragon01 dragon1 dragon12 dragon123 dragon1234
dragon12345 dragon2020 dragon2021 dragon2022 dragon2023 dragon2024 dragon2025 dragon2026 dragon69
dragon99 dragonfly dream dreamer dreams drums eagle eagles earth edward elizabeth emily emma
england enter entry eric facebook faith falcon fall family february fender fernando ferrari
fireman fish florida flower flowers football football! football007 football01 football1 football12
football123 football1234 football12345 football2020 football2021 football2022 football2023
football2024 football2025 football2026 football69 football99 forever fortnite france francesca
francisco freedom freedom! freedom007 freedom01 freedom1 freedom12 freedom123 freedom1234
freedom12345 freedom2020 freedom2021 freedom2022 freedom2023 freedom2024 freedom2025 freedom2026
freedom69 freedom99 friday friend friends frodo fuckoff galaxy gamer gaming gandalf gateway george
germany gfhjkm ginger giulia giuseppe glimmer! glimmer007 glimmer01 glimmer1 glimmer12 glimmer123
glimmer1234 glimmer12345 glimmer2020 glimmer2021 glimmer2022 glimmer2023 glimmer2024 glimmer2025
glimmer2026 glimmer69 glimmer99 gmail god golf golfer google grace grace1 guest guitar guitar1
halo hammer hannah happy hardcore harley harrypotter haslo heather heaven hell hello hello!
hello007 hello01 hello1 hello12 hello123 hello1234 hello12345 hello2020 hello2021 hello2022
hello2023 hello2024 hello2025 hello2026 hello69 hello99 hellokitty hercules hero hobbit hockey
hockey1 hockey12 hogwarts holiday honey honey1 hope horse hotmail hottie hulk hunter hunter!
hunter007 hunter01 hunter1 hunter12 hunter123 hunter1234 hunter12345 hunter2 hunter2020 hunter2021
hunter2022 hunter2023 hunter2024 hunter2025 hunter2026 hunter69 hunter99 iceman ilovegod iloveme
iloveu iloveyou iloveyou! iloveyou007 iloveyou01 iloveyou1 iloveyou12 iloveyou123 iloveyou1234
iloveyou12345 iloveyou2020 iloveyou2021 iloveyou2022 iloveyou2023 iloveyou2024 iloveyou2025
iloveyou2026 iloveyou69 iloveyou99 imagine india inspire instagram internet iphone ireland ironman
isabella italia iwantu jackson james james1 january japan jasmine jason jasper jedi jennifer
jennifer1 jessica jessica1 jesus jesus1 john john1 johnny jordan jordan! jordan007 jordan01
jordan1 jordan12 jordan123 jordan1234 jordan12345 jordan2020 jordan2021 jordan2022 jordan2023
jordan2024 jordan2025 jordan2026 jordan23 jordan69 jordan99 jorge jose joseph joshua joshua1 juan
julia july june junior justin juventus kayla kevin killer king kitten kitty klaster knight kobe24
lakers laura lauren lebron legend lemon letmein letmein! letmein007 letmein01 letmein1 letmein12
letmein123 letmein1234 letmein12345 letmein2020 letmein2021 letmein2022 letmein2023 letmein2024
letmein2025 letmein2026 letmein69 letmein99 linkedin linux lion liverpool lkjhgf login london
london1 lonely! lonely007 lonely01 lonely1 lonely12 lonely123 lonely1234 lonely12345 lonely2020
lonely2021 lonely2022 lonely2023 lonely2024 lonely2025 lonely2026 lonely69 lonely99 lord lorenzo
love love! love007 love01 love1 love12 love123 love1234 love12345 love2020 love2021 love2022
love2023 love2024 love2025 love2026 love69 love99 lovely lovely! lovely007 lovely01 lovely1
lovely12 lovely123 lovely1234 lovely12345 lovely2020 lovely2021 lovely2022 lovely2023 lovely2024
lovely2025 lovely2026 lovely69 lovely99 loveme lover loveyou luca lucky luis madison madrid maggie
manchester mango manuel march marco maria marina marine mario mario1 mark martin martina marvel
master master! master007 master01 master1 master12 master123 master1234 master12345 master2020
master2021 master2022 master2023 master2024 master2025 master2026 master69 master99 matrix matrix1
matthew matthew1 maverick may melissa mercedes merlin mexico mia michael michael! michael007
michael01 michael1 michael12 michael123 michael1234 michael12345 michael2020 michael2021
michael2022 michael2023 michael2024 michael2025 michael2026 michael23 michael69 michael99 michelle
michelle1 mickey midnight miguel miller minecraft minecraft1 mnbvcx monday money monica monkey
monkey! monkey007 monkey01 monkey1 monkey12 monkey123 monkey1234 monkey12345 monkey2020 monkey2021
monkey2022 monkey2023 monkey2024 monkey2025 monkey2026 monkey69 monkey99 monster moon morgan
moscow motdepasse mother music mustang mylove mypass mypassword myspace1 naruto nascar natalie
navy ncc1701 neo netflix newyork nicole nicole1 nikita nintendo nothing november nurse ocean
october odin oliver olivia open opensesame orange orange1 outlook p4ssword p@ssw0rd p@ssword
pa55word panda paris parola pass pass1 pass123 pass1234 passpass passw0rd passwd password
password! password007 password01 password1 password1! password12 password123 password1234
password12345 password2 password2020 password2021 password2022 password2023 password2024
password2025 password2026 password3 password69 password99 passwort patrick paul peace peaches
peanut pedro pepper peter phoenix piano pikachu pizza planet player playstation please poiuyt
pokemon pokemon1 police porsche potter prince princesa princess princess! princess007 princess01
princess1 princess12 princess123 princess1234 princess12345 princess2020 princess2021 princess2022
princess2023 princess2024 princess2025 princess2026 princess69 princess99 puppy purple q1w2e3r4
q1w2e3r4t5 qaz123 qazwsx qazwsxedc queen qwe123 qwe123qwe qweasd qweasdzxc qwer1234 qwert qwerty
qwerty! qwerty007 qwerty01 qwerty1 qwerty1! qwerty12 qwerty123 qwerty1234 qwerty12345 qwerty2020
qwerty2021 qwerty2022 qwerty2023 qwerty2024 qwerty2025 qwerty2026 qwerty69 qwerty99 qwertyu
qwertyui qwertyuiop qwertz rabbit rachel rainbow ranger ranger1 rangers realmadrid rebecca redsox
ricardo richard robert robert1 roberto roblox rockstar rockyou roma root runescape russia ryan
salasana samantha samantha1 samsung samsung1 sara sarah school scooby scooter scotland secret
secret! secret007 secret01 secret1 secret12 secret123 secret1234 secret12345 secret2020 secret2021
secret2022 secret2023 secret2024 secret2025 secret2026 secret69 secret99 senha september sesame
sexy sexy! sexy007 sexy01 sexy1 sexy12 sexy123 sexy1234 sexy12345 sexy2020 sexy2021 sexy2022
sexy2023 sexy2024 sexy2025 sexy2026 sexy69 sexy99 shadow shadow! shadow007 shadow01 shadow1
shadow12 shadow123 shadow1234 shadow12345 shadow2020 shadow2021 shadow2022 shadow2023 shadow2024
shadow2025 shadow2026 shadow69 shadow99 silver singer single! single007 single01 single1 single12
single123 single1234 single12345 single2020 single2021 single2022 single2023 single2024 single2025
single2026 single69 single99 sky skywalker slayer smokey snake snoopy soccer soccer! soccer007
soccer01 soccer1 soccer12 soccer123 soccer1234 soccer12345 soccer2020 soccer2021 soccer2022
soccer2023 soccer2024 soccer2025 soccer2026 soccer69 soccer99 soldier sonic sophia spain sparky
spartan spider spiderman spotify spring star starlight starwars starwars1 starwars12 steam
steelers stephanie steven strawberry student success sugar summer summer! summer007 summer01
summer1 summer12 summer123 summer1234 summer12345 summer2020 summer2021 summer2022 summer2023
summer2024 summer2025 summer2026 summer69 summer99 sun sunday sunset sunshine sunshine!
sunshine007 sunshine01 sunshine1 sunshine12 sunshine123 sunshine1234 sunshine12345 sunshine2020
sunshine2021 sunshine2022 sunshine2023 sunshine2024 sunshine2025 sunshine2026 sunshine69
sunshine99 superhero superman superman! superman007 superman01 superman1 superman12 superman123
superman1234 superman12345 superman2020 superman2021 superman2022 superman2023 superman2024
superman2025 superman2026 superman69 superman99 superstar superuser sweetheart sweetie sydney
taylor teacher temp temp123 tennis tennis1 test test1 test123 testing texas thomas thomas1 thor
thunder tiger tigers tigger tiktok tokyo trust trustme trustno! trustno007 trustno01 trustno1
trustno12 trustno123 trustno1234 trustno12345 trustno2020 trustno2021 trustno2022 trustno2023
trustno2024 trustno2025 trustno2026 trustno69 trustno99 turtle twitter ubuntu universe university
unlock usa user vacation vader valentina vanessa vanilla veronica victoria victory wachtwoord
wales warcraft warrior weekend welcome welcome! welcome007 welcome01 welcome1 welcome12 welcome123
welcome1234 welcome12345 welcome2020 welcome2021 welcome2022 welcome2023 welcome2024 welcome2025
welcome2026 welcome69 welcome99 whatever whatever1 william william1 windows winner winter wizard
wolf wolverine wow wsx123 xbox xxxxxx yahoo yamaha yankees yellow yoda youtube zaq12wsx zaq1xsw2
zaqxsw zelda zeus zxc123 zxcv1234 zxcvb zxcvbn zxcvbnm zxcvbnm123
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
